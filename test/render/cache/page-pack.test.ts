import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEntry, decodeEntry, decodeHead, readBytes, type CachedPage, type PackTarget } from '../../../src/render/cache/page-pack.js';
import { MERMAID_MARK } from '../../../src/render/pool/page-features.js';

const entry: CachedPage = {
  rendered: {
    page: 'guides/intro', frontmatter: { title: 'Intro' }, title: 'Intro', html: '<h2 id="a">A "quoted"\nheading</h2><p>Ünïcode 🎉 and \\ backslashes</p>',
    headings: [{ depth: 2, text: 'A "quoted" heading', id: 'a' }], brokenLinks: ['/x'], assets: [], diagnostics: [{ severity: 'warning', file: 'guides/intro.mdx', line: 3, message: 'w' }],
  },
  brokenLinks: [{ file: 'guides/intro.mdx', href: '/x', line: 3 }],
};
const keyA = 'ab'.repeat(32);
const keyB = 'cd'.repeat(32);

describe('page-cache entries in a pack', () => {
  let dir: string;
  let target: PackTarget;
  afterEach(() => {
    closeSync(target.fd);
    rmSync(dir, { recursive: true, force: true });
  });
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-pack-'));
    target = { pack: 'p.pack', fd: openSync(join(dir, 'p.pack'), 'wx+'), end: new SharedArrayBuffer(8) };
  };

  it('appends entries one after the other and reads each back, body and all', () => {
    open();
    const a = appendEntry(target, keyA, entry)!;
    const b = appendEntry(target, keyB, { ...entry, rendered: { ...entry.rendered, html: '<p>two</p>' } })!;
    expect(a).toEqual({ pack: 'p.pack', offset: 0, length: a.length, head: readBytes(target.fd, 0, a.length)!.indexOf(10) });
    expect(b.offset).toBe(a.length);
    expect(readFileSync(join(dir, 'p.pack')).length).toBe(a.length + b.length);
    expect(decodeEntry(keyA, readBytes(target.fd, a.offset, a.length)!)).toEqual({ ...entry, features: { math: false, mermaid: false } });
    expect(decodeEntry(keyB, readBytes(target.fd, b.offset, b.length)!)?.rendered.html).toBe('<p>two</p>');
  });

  it('reads what a body needs off its bytes, and decodes the body (any text) when asked', () => {
    open();
    const html = `<p>Größe ≥ 2 — 検索</p><span class="katex">x</span><div class="q-mermaid" ${MERMAID_MARK}></div>`;
    const loc = appendEntry(target, keyA, { ...entry, rendered: { ...entry.rendered, html } })!;
    const hit = decodeEntry(keyA, readBytes(target.fd, loc.offset, loc.length)!)!;
    expect(hit.features).toEqual({ math: true, mermaid: true });
    expect(hit.rendered.html).toBe(html);
    expect({ ...hit.rendered, html: 'other' }.html).toBe('other');
    hit.rendered.html = '<p>set</p>';
    expect(hit.rendered.html).toBe('<p>set</p>');
    // an entry written before the body's byte length and needs were recorded still reads back
    // (its length checked in characters, its needs found in its bytes)
    const head = JSON.parse(readBytes(target.fd, loc.offset, loc.length)!.toString('utf8').split('\n')[0]) as Record<string, unknown>;
    expect(head.features).toEqual({ math: true, mermaid: true });
    delete head.htmlBytes;
    delete head.features;
    const legacy = Buffer.from(`${JSON.stringify(head)}\n${html}`);
    expect(decodeEntry(keyA, legacy)?.rendered.html).toBe(html);
    expect(decodeEntry(keyA, legacy)?.features).toEqual({ math: true, mermaid: true });
    expect(decodeEntry(keyA, Buffer.from(`${JSON.stringify(head)}\n<p>plain</p>`.replace(`"htmlLength":${html.length}`, '"htmlLength":12')))?.features).toEqual({ math: false, mermaid: false });
    expect(decodeEntry(keyA, legacy.subarray(0, legacy.length - 3))).toBeUndefined();
  });

  it('keeps the Markdown out of the head line, as it is, and reads it back whole or, when asked for, after the head', () => {
    open();
    const markdown = 'Größe ≥ 2 — 検索\n\n"quoted" \\ `code`\n{"key":"x"}\n';
    const loc = appendEntry(target, keyA, { ...entry, rendered: { ...entry.rendered, markdown } })!;
    const bytes = readBytes(target.fd, loc.offset, loc.length)!;
    const cut = bytes.indexOf(10);
    expect(loc.head).toBe(cut);
    expect(bytes.toString('utf8', 0, cut)).not.toContain('Größe');
    expect(bytes.toString('utf8', cut + 1, cut + 1 + Buffer.byteLength(markdown))).toBe(markdown);
    expect(decodeEntry(keyA, bytes)).toEqual({ ...entry, rendered: { ...entry.rendered, markdown }, features: { math: false, mermaid: false } });
    const reads: number[][] = [];
    const read = (from: number, length: number) => {
      reads.push([from, length]);
      return bytes.subarray(from, from + length);
    };
    const hit = decodeHead(keyA, bytes.subarray(0, cut + 1), loc.length, read)!;
    expect(hit.rendered.title).toBe('Intro');
    expect(reads).toEqual([]);
    expect(hit.rendered.markdown).toBe(markdown);
    expect(hit.rendered.markdown).toBe(markdown);
    expect(reads).toEqual([[cut + 1, Buffer.byteLength(markdown)]]);
    expect(hit.rendered.html).toBe(entry.rendered.html);
    expect(reads.length).toBe(2);
    // set, it is what was set
    hit.rendered.markdown = 'other';
    expect(hit.rendered.markdown).toBe('other');
    // an empty Markdown text stays empty, a page without one has none
    const empty = appendEntry(target, keyB, { ...entry, rendered: { ...entry.rendered, markdown: '' } })!;
    expect(decodeEntry(keyB, readBytes(target.fd, empty.offset, empty.length)!)?.rendered.markdown).toBe('');
    const a = appendEntry(target, keyA, entry)!;
    const whole = readBytes(target.fd, a.offset, a.length)!;
    expect('markdown' in decodeEntry(keyA, whole)!.rendered).toBe(false);
    expect('markdown' in decodeHead(keyA, whole.subarray(0, a.head! + 1), a.length, (from, length) => whole.subarray(from, from + length))!.rendered).toBe(false);
    // a Markdown text of another length than recorded, read whole or from the head: a miss
    const longer = Buffer.from(`${bytes.toString('utf8', 0, cut)}\n${markdown}x${entry.rendered.html}`);
    expect(decodeEntry(keyA, longer)).toBeUndefined();
    expect(decodeHead(keyA, longer.subarray(0, cut + 1), longer.length, read)).toBeUndefined();
    expect(decodeHead(keyA, bytes.subarray(0, cut + 1), loc.length - 1, read)).toBeUndefined();
  });

  it('reads an entry written with its Markdown in the head line (older entries) whole', () => {
    open();
    const markdown = 'Größe ≥ 2';
    const loc = appendEntry(target, keyA, { ...entry, rendered: { ...entry.rendered, markdown } })!;
    const bytes = readBytes(target.fd, loc.offset, loc.length)!;
    const head = JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(10))) as { rendered: Record<string, unknown>; markdownBytes?: number };
    delete head.markdownBytes;
    head.rendered.markdown = markdown;
    const legacy = Buffer.from(`${JSON.stringify(head)}\n${entry.rendered.html}`);
    expect(decodeEntry(keyA, legacy)?.rendered).toEqual({ ...entry.rendered, markdown });
    // its head alone is not enough (an index that names its head length names a newer entry)
    expect(decodeHead(keyA, legacy.subarray(0, legacy.indexOf(10) + 1), legacy.length, (from, length) => legacy.subarray(from, from + length))).toBeUndefined();
  });

  it('reads an entry from its head alone, and its body from the pack only when asked for', () => {
    open();
    const html = '<p>Größe ≥ 2 — 検索</p><span class="katex">x</span>';
    const loc = appendEntry(target, keyA, { ...entry, rendered: { ...entry.rendered, html, markdown: 'Größe ≥ 2 — 検索\n\n$x$' } })!;
    const head = readBytes(target.fd, loc.offset, loc.head! + 1)!;
    let bodyReads = 0;
    const readBody = (from: number, length: number) => {
      if (from + length === loc.length) bodyReads++;
      return readBytes(target.fd, loc.offset + from, length)!;
    };
    const hit = decodeHead(keyA, head, loc.length, readBody)!;
    expect(hit.features).toEqual({ math: true, mermaid: false });
    expect(hit.rendered.markdown).toBe('Größe ≥ 2 — 検索\n\n$x$');
    expect(hit.rendered.title).toBe('Intro');
    expect(hit.brokenLinks).toEqual(entry.brokenLinks);
    expect(bodyReads).toBe(0);
    expect(hit.rendered.html).toBe(html);
    expect(hit.rendered.html).toBe(html);
    expect(bodyReads).toBe(1);
    // a head cut short, of another key, or whose body would not fill the entry: a miss
    expect(decodeHead(keyA, head.subarray(0, head.length - 1), loc.length, readBody)).toBeUndefined();
    expect(decodeHead(keyB, head, loc.length, readBody)).toBeUndefined();
    expect(decodeHead(keyA, head, loc.length + 1, readBody)).toBeUndefined();
    expect(decodeHead(keyA, Buffer.from('\u0000\u0000garbage\n'), loc.length, readBody)).toBeUndefined();
    expect(bodyReads).toBe(1);
  });

  it('treats an entry cut short, another key, garbage and a read past the end as misses', () => {
    open();
    const a = appendEntry(target, keyA, entry)!;
    const bytes = readBytes(target.fd, a.offset, a.length)!;
    expect(decodeEntry(keyB, bytes)).toBeUndefined();
    expect(decodeEntry(keyA, bytes.subarray(0, bytes.length - 5))).toBeUndefined();
    expect(decodeEntry(keyA, bytes.subarray(0, bytes.indexOf(10) - 2))).toBeUndefined();
    expect(decodeEntry(keyA, Buffer.from('{"key":"nope"}\n<p>'))).toBeUndefined();
    expect(decodeEntry(keyA, Buffer.from('\u0000\u0000garbage\n'))).toBeUndefined();
    expect(readBytes(target.fd, a.offset, a.length + 1)).toBeUndefined();
    writeFileSync(join(dir, 'p.pack'), '');
    expect(readBytes(target.fd, a.offset, a.length)).toBeUndefined();
  });
});
