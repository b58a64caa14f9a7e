/**
 * The browser globals the sandbox adds to QuickJS (runtime/web-globals.ts): btoa and atob,
 * TextEncoder and TextDecoder, structuredClone. Each answers as Node's own (which follows
 * the HTML and Encoding standards) on the same inputs, errors included; a component whose
 * call throws, as btoa on text outside Latin-1, fails alone with a warning and the page
 * renders on.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../components/render-helper.js';

/** Runs `body` (a component's statements, `inputs` in scope) in the sandbox; its result is one `<p>` of text. */
async function inSandbox(body: string, inputs: unknown): Promise<string> {
  const page = await render(`export const Probe = ({ inputs }) => {\n${body}\n};\n\n<Probe inputs={${JSON.stringify(inputs)}} />`);
  expect(page.diagnostics).toEqual([]);
  const m = /^<p>([^<]*)<\/p>$/.exec(page.html);
  expect(m, page.html).not.toBeNull();
  return m![1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A result as plain ASCII (the page's HTML keeps no control characters): char codes, or the error's name and code. */
const SHOW = 'const show = (f) => { try { return [...f()].map((c) => c.charCodeAt(0)).join("."); } catch (e) { return `${e.name}:${e.code}:${e instanceof DOMException && e instanceof Error}`; } };';
const show = (f: () => string | Iterable<number>) => {
  try {
    return [...f()].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))).join('.');
  } catch (e) {
    const err = e as DOMException;
    return `${err.name}:${err.code}:${err instanceof DOMException && err instanceof Error}`;
  }
};

describe('browser globals in the sandbox', () => {
  it('btoa and atob answer as a browser: forgiving-base64, whitespace skipped, bad input an InvalidCharacterError', async () => {
    const encode = ['', 'a', 'ab', 'abc', 'hello', 'Hi ÿ\u0000\u0080', '{"mcpServers":{"firecrawl":{"url":"https://x"}}}', 'snow ☃', '😀'];
    const decode = ['', 'YQ==', 'YQ=', 'YQ', 'YWI', ' aGVs\nbG8=\t', 'aGVsbG8', 'a', 'abc=d', '====', 'YQ===', 'Y=Q=', 'aGVsbG8-', '/+/+', 'SGkg/wCA', 'YR==', 'ab\u00a0cd'];
    const got = await inSandbox(`${SHOW}\n  return <p>{JSON.stringify([inputs[0].map((s) => show(() => btoa(s))), inputs[1].map((s) => show(() => atob(s)))])}</p>;`, [encode, decode]);
    const [encoded, decoded] = JSON.parse(got) as string[][];
    expect([encoded, decoded]).toEqual([encode.map((s) => show(() => btoa(s))), decode.map((s) => show(() => atob(s)))]);
    // The table holds both outcomes, so it compares the errors as well as the text.
    expect(encoded).toContain('InvalidCharacterError:5:true');
    expect(decoded).toContain('InvalidCharacterError:5:true');
    expect(decoded).toContain('104.101.108.108.111');
  });

  it('renders the text a component computes with btoa, atob, TextEncoder and TextDecoder', async () => {
    const page = await render([
      'export const Link = ({ name }) => {',
      '  const config = btoa(JSON.stringify({ url: `https://mcp.example.com/${name}` }));',
      '  const utf8 = btoa(String.fromCharCode(...new TextEncoder().encode("naïve ☃")));',
      '  const back = new TextDecoder().decode(Uint8Array.from(atob(utf8), (c) => c.charCodeAt(0)));',
      '  return <p>{config} {utf8} {back} {atob(config)}</p>;',
      '};',
      '',
      '<Link name="firecrawl" />',
    ].join('\n'));
    expect(page.diagnostics).toEqual([]);
    const config = btoa(JSON.stringify({ url: 'https://mcp.example.com/firecrawl' }));
    expect(page.html).toBe(`<p>${config} ${Buffer.from('naïve ☃').toString('base64')} naïve ☃ {&quot;url&quot;:&quot;https://mcp.example.com/firecrawl&quot;}</p>`);
  });

  it('fails a component that gives btoa text outside Latin-1, with a warning naming the line, and renders the page on', async () => {
    const page = await render([
      'export const Share = ({ text }) => <a href={`https://share.example.com/#${btoa(text)}`}>share</a>;',
      'export const Fine = () => <p className="fine">{btoa("ok")}</p>;',
      '',
      '<Share text="snow ☃">share fallback</Share>',
      '',
      '<Fine />',
    ].join('\n'));
    expect(page.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [4, "custom component <Share> (defined at guides/page.mdx:1) failed: InvalidCharacterError: Failed to execute 'btoa': The string to be encoded contains characters outside of the Latin1 range. at guides/page.mdx:1; its children are shown instead"],
    ]);
    expect(page.html).toContain('share fallback');
    expect(page.html).toContain('<p class="fine">b2s=</p>');
  });

  it('TextEncoder and TextDecoder answer as the Encoding standard: replacement, fatal, BOM, streaming', async () => {
    const texts = ['', 'héllo €𝄞', 'lone \ud800 and \udc00', '\ufeffbom'];
    const bytes = [[0x68, 0xc3, 0xa9], [0xff, 0x61], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x90, 0x80, 0x41], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0x80, 0xaf], [0xc0, 0xaf], [0xef, 0xbb, 0xbf, 0x61], [0xf0, 0x9f, 0x98, 0x80]];
    const body = `${SHOW}
  const [texts, bytes] = inputs;
  const enc = new TextEncoder();
  const codes = (a) => [...a].map((n) => String.fromCharCode(n)).join('');
  const out = [enc.encoding, ...texts.map((t) => show(() => codes(enc.encode(t))))];
  for (const b of bytes) {
    out.push(show(() => new TextDecoder().decode(new Uint8Array(b))));
    out.push(show(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(b))));
    out.push(show(() => new TextDecoder('UTF8', { ignoreBOM: true }).decode(new Uint8Array(b).buffer)));
    // Each byte its own chunk: a character split between chunks is still one character.
    const d = new TextDecoder();
    out.push(show(() => b.map((x) => d.decode(new Uint8Array([x]), { stream: true })).join('') + d.decode()));
  }
  const into = new Uint8Array(5);
  const r = enc.encodeInto('a€b', into);
  out.push(r.read + '/' + r.written + '/' + [...into].join(','));
  return <p>{JSON.stringify(out)}</p>;`;
    const got = JSON.parse(await inSandbox(body, [texts, bytes])) as string[];
    const enc = new TextEncoder();
    const expected = [enc.encoding, ...texts.map((t) => show(() => enc.encode(t)))];
    const str = (s: string) => show(() => s);
    for (const b of bytes) {
      expected.push(str(new TextDecoder().decode(new Uint8Array(b))));
      // Node tags its TypeError with a code of its own; a browser's has none.
      expected.push(show(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(b))).replace(':ERR_ENCODING_INVALID_ENCODED_DATA:', ':undefined:'));
      expected.push(str(new TextDecoder('UTF8', { ignoreBOM: true }).decode(new Uint8Array(b).buffer)));
      const d = new TextDecoder();
      expected.push(str(b.map((x) => d.decode(new Uint8Array([x]), { stream: true })).join('') + d.decode()));
    }
    const into = new Uint8Array(5);
    const r = enc.encodeInto('a€b', into);
    expected.push(`${r.read}/${r.written}/${[...into].join(',')}`);
    expect(got).toEqual(expected);
  });

  it('structuredClone copies data deeply, keeps cycles and shared parts, and refuses functions with a DataCloneError', async () => {
    const body = `
  const shared = { n: 1 };
  const buf = new Uint8Array([1, 2, 3]);
  const src = { a: [shared, shared], m: new Map([['k', shared]]), s: new Set([1, 'x']), d: new Date(5), r: /x+/gi, u: undefined, big: 10n, buf, view: new DataView(buf.buffer, 1), e: new RangeError('bad') };
  src.self = src;
  const c = structuredClone(src);
  const facts = [c !== src, c.self === c, c.a[0] === c.a[1], c.a[0] !== shared, c.m.get('k') === c.a[0], [...c.s].join(), c.d.getTime(), String(c.r), c.r.lastIndex, 'u' in c, typeof c.big,
    [...c.buf].join(), c.buf.buffer !== buf.buffer, c.view.buffer === c.buf.buffer, c.view.getUint8(0), c.e instanceof RangeError, c.e.message];
  const errors = [() => structuredClone({ f() {} }), () => structuredClone(Symbol('s')), () => structuredClone(new WeakMap()), () => structuredClone([].values()), () => structuredClone()].map((f) => { try { f(); return 'cloned'; } catch (e) { return e.name + ':' + e.code; } });
  class Point { constructor() { this.x = 1; } get y() { return 2; } }
  const p = structuredClone(new Point());
  return <p>{JSON.stringify([...facts, ...errors, Object.getPrototypeOf(p) === Object.prototype, JSON.stringify(p)])}</p>;`;
    expect(JSON.parse(await inSandbox(body, null))).toEqual([
      true, true, true, true, true, '1,x', 5, '/x+/gi', 0, true, 'bigint',
      '1,2,3', true, true, 2, true, 'bad',
      'DataCloneError:25', 'DataCloneError:25', 'DataCloneError:25', 'DataCloneError:25', 'TypeError:undefined',
      true, '{"x":1}',
    ]);
  });
});
