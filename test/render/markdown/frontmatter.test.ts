/**
 * The flat frontmatter fast path against the YAML parser it stands in for: every text it
 * reads it reads as \`yaml\` does, and what it does not read it leaves to \`yaml\`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { flatFrontmatter } from '../../../src/render/markdown/frontmatter.js';

describe('flatFrontmatter', () => {
  it('gives what the YAML parser gives for flat frontmatter', () => {
    const samples = [
      'title: "Hello \\"world\\""\ndescription: "A page."',
      "title: 'It''s here'\nhidden: true\nnoindex: false",
      'title: Plain words, with commas (and parens)\nicon: rocket\nsidebarTitle: Start/Intro',
      'order: 3\nweight: -1.5\nmode: wide',
      'keywords: ["api key", "auth"]\ntag: NEW',
      'empty:\nnothing: ~\nnone: null\nNone: NULL\nyes: True\nno: FALSE',
      'title: x, [y] {z}\nurl: https://example.com/a?b=c\nratio: b:c',
      'path: "a\\/b\\tc\\nd"\nlist: []',
      'count: 0\nbig: 12345678901234567890\nneg: -0.5',
      'title: 検索エンジン\ndescription: Ünïcode ok',
      'openapi: "GET /a"\ntitle: A',
      // Flow lists of plain words (Continue's docs) and quoted keys (pipecat's `"og:title"`).
      'keywords: [apply, speculative]\ntoc_max_heading_level: 5',
      'tags: [ api key , auth,Getting-Started, v1.2/beta, c++, snake_case, Truely, nullable ]\nnone: []',
      '"og:title": "Daily WebRTC Transport - Android SDK"\nsidebarTitle: "Daily"',
      "'og:image': /images/a.png\n'it''s': yes\n\"a: b\": c",
      // Paths and words that start with a dot or a sign are strings (0xsequence's `openapi:`, Continue's `slug:`).
      'openapi: ./sequence-marketplace.json post /rpc/Marketplace/CheckoutOptions\nslug: ../asksage\ntitle: .NET quick start\nv: +x',
    ];
    for (const text of samples) {
      const flat = flatFrontmatter(text);
      expect(flat, text).toBeDefined();
      expect(flat, text).toEqual(parse(text));
    }
  });

  it('leaves anything else to the YAML parser', () => {
    const others = [
      'tags: [a, true]', 'tags: [a, 1]', 'tags: [a, , b]', 'tags: [a, b,]', 'tags: [a: b]', 'tags: [a #c]', 'tags: [a, "b"]',
      'tags: [a, [b]]', 'tags: [-a]', 'tags: [.net]', 'tags: [Null, b]', 'tags: [a] # c', 'tags: [a, {b}]', 'tags: [a, b', '"a\\tb": x', 'v: .Inf', 'v: .infinity', 'v: -.5', 'v: +.5', 'v: .NaN', 'v: -.inf',
      '"a" : x', '"a"b: x', "'a'': x", '"__proto__": x', 'title: a: b', 'nested:\n  key: 1', 'title: x # comment', 'n: 0x10', 'v: 1e3', 'v: +1', 'v: .5', 'v: 007',
      'v: 1.', 'v: -0', 'v: .inf', 'title: foo:', 'title: -dash', 'title: &anchor x', 'title: *alias', 'title: !tag x', 'title: |',
      'title: "a" b"', "title: 'a' b'", 'title: "\\x41"', 'keywords: ["a", 1]', 'keywords: ["a",]', 'title:value', '__proto__: x',
      '# a comment line', '  indented: 1', 'title: @handle', 'title: `tick`', 'title: %pct', 'title: ?q', 'title: {a: 1}',
    ];
    for (const text of others) expect(flatFrontmatter(text), text).toBeUndefined();
    // Left to YAML, these still read as YAML says (or fail there): nothing here decided otherwise.
    expect(parse('v: 1.')).toEqual({ v: 1 });
    expect(parse('title:value')).toBe('title:value');
  });

  it("reads the user guide's frontmatter as YAML does, page by page", () => {
    const docs = join(import.meta.dirname, '../../../docs');
    const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mdx'));
    let read = 0;
    for (const page of pages) {
      const m = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(docs, page), 'utf8'));
      const flat = m ? flatFrontmatter(m[1], { uniqueKeys: true }) : undefined;
      if (!m || !flat) continue;
      read++;
      expect(flat, page).toEqual(parse(m[1]));
    }
    expect(read).toBeGreaterThan(10);
  });

  it('keeps the last value of a key written twice, or with uniqueKeys leaves the page to YAML (which refuses it)', () => {
    expect(flatFrontmatter('title: A\ntitle: B')).toEqual({ title: 'B' });
    expect(flatFrontmatter('title: A\ntitle: B', { uniqueKeys: true })).toBeUndefined();
    expect(() => void parse('title: A\ntitle: B')).toThrow();
  });
});
