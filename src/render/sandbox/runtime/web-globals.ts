/**
 * Browser globals that QuickJS lacks and components use to compute what they show: `btoa`
 * and `atob`, `TextEncoder` and `TextDecoder` (UTF-8), `structuredClone`, `queueMicrotask`
 * and the `DOMException` they throw. Each is pure (no I/O, clock or randomness) and
 * follows the HTML and Encoding standards, errors included, so a component fails here
 * where it fails in a browser. Written in plain JS inside the sandbox: no host function
 * is exposed to it. `URL` and `Intl` are left out: far larger, and no component seen uses them.
 */
import { DOMException } from './dom-exception.js';
import { structuredClone } from './structured-clone.js';

function oneArgument(fn: string, count: number): void {
  if (count < 1) throw new TypeError(`Failed to execute '${fn}': 1 argument required, but only 0 present.`);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Latin-1 text to base64; a character above U+00FF throws, as a browser does. */
export function btoa(data: string): string {
  oneArgument('btoa', arguments.length);
  const s = `${data}`;
  let out = '';
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : 0;
    if (a > 0xff || b > 0xff || c > 0xff) throw new DOMException("Failed to execute 'btoa': The string to be encoded contains characters outside of the Latin1 range.", 'InvalidCharacterError');
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + (i + 1 < s.length ? ALPHABET[(n >> 6) & 63] : '=') + (i + 2 < s.length ? ALPHABET[n & 63] : '=');
  }
  return out;
}

/** The HTML standard's forgiving-base64 decode: ASCII whitespace is skipped, anything else wrong throws. */
export function atob(data: string): string {
  oneArgument('atob', arguments.length);
  let s = `${data}`.replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/={1,2}$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new DOMException("Failed to execute 'atob': The string to be decoded is not correctly encoded.", 'InvalidCharacterError');
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    buffer = (buffer << 6) | ALPHABET.indexOf(s[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  // Leftover bits (4 or 2) are dropped, as the standard says.
  return out;
}

/** UTF-8 only, as the Encoding standard's TextEncoder; lone surrogates become U+FFFD. */
export class TextEncoder {
  get encoding(): string {
    return 'utf-8';
  }

  encode(input = ''): Uint8Array {
    const bytes: number[] = [];
    for (const ch of `${input}`) {
      let cp = ch.codePointAt(0)!;
      if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
      if (cp < 0x80) bytes.push(cp);
      else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
      else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
      else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    }
    return new Uint8Array(bytes);
  }

  /** Writes whole characters only, as many as fit. */
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number } {
    let read = 0;
    let written = 0;
    for (const ch of `${source}`) {
      const bytes = this.encode(ch);
      if (written + bytes.length > destination.length) break;
      destination.set(bytes, written);
      written += bytes.length;
      read += ch.length;
    }
    return { read, written };
  }
}

const UTF8_LABELS = new Set(['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8']);

/**
 * The Encoding standard's UTF-8 decoder (maximal subparts become U+FFFD, or a TypeError
 * when `fatal`), with `stream` and `ignoreBOM`. Other encodings are a RangeError, which a
 * browser throws for labels it does not know: the sandbox knows UTF-8 only.
 */
export class TextDecoder {
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  private pending: number[] = [];
  private started = false;

  constructor(label = 'utf-8', options: { fatal?: boolean; ignoreBOM?: boolean } = {}) {
    if (!UTF8_LABELS.has(`${label}`.trim().toLowerCase())) throw new RangeError(`Failed to construct 'TextDecoder': The encoding label provided ('${label}') is invalid or not supported here (UTF-8 only).`);
    this.fatal = !!options?.fatal;
    this.ignoreBOM = !!options?.ignoreBOM;
  }

  get encoding(): string {
    return 'utf-8';
  }

  decode(input?: ArrayBuffer | ArrayBufferView, options: { stream?: boolean } = {}): string {
    const view = input === undefined ? new Uint8Array(0)
      : input instanceof ArrayBuffer ? new Uint8Array(input)
      : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
      : null;
    if (!view) throw new TypeError("Failed to execute 'decode' on 'TextDecoder': The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.");
    const bytes = [...this.pending, ...view];
    const stream = !!options?.stream;
    let out = '';
    let i = 0;
    const bad = () => {
      if (this.fatal) {
        this.pending = [];
        this.started = false;
        throw new TypeError("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid.");
      }
      out += '\ufffd';
    };
    while (i < bytes.length) {
      const b = bytes[i];
      if (b < 0x80) {
        out += String.fromCharCode(b);
        i++;
        continue;
      }
      // The lead byte sets how many continuation bytes follow and the range of the first one.
      const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
      if (need === 0) {
        bad();
        i++;
        continue;
      }
      let cp = b & (need === 1 ? 0x1f : need === 2 ? 0xf : 0x7);
      let lower = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
      let upper = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
      let j = i + 1;
      let ok = true;
      for (let k = 0; k < need; k++, j++) {
        if (j >= bytes.length) break;
        const c = bytes[j];
        if (c < lower || c > upper) {
          ok = false;
          break;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (c & 0x3f);
      }
      if (ok && j - i - 1 < need) {
        // The sequence runs past the input: kept for the next call when streaming.
        if (stream) {
          this.pending = bytes.slice(i);
          return this.withoutBom(out, stream);
        }
        bad();
        break;
      }
      if (!ok) {
        // The bytes read so far are one bad subpart; the offending byte starts afresh.
        bad();
        i = j;
        continue;
      }
      out += String.fromCodePoint(cp);
      i = j;
    }
    this.pending = [];
    return this.withoutBom(out, stream);
  }

  /** Drops a BOM at the start of the stream (once), unless `ignoreBOM`; a call without `stream` ends the stream. */
  private withoutBom(out: string, stream: boolean): string {
    if (!this.started && out.length > 0) {
      this.started = true;
      if (!this.ignoreBOM && out.charCodeAt(0) === 0xfeff) out = out.slice(1);
    }
    if (!stream) {
      this.started = false;
      this.pending = [];
    }
    return out;
  }
}

/** Runs `callback` as a microtask: like a promise's, only if the host runs pending jobs (it does not: first render only). */
export function queueMicrotask(callback: () => void): void {
  oneArgument('queueMicrotask', arguments.length);
  if (typeof callback !== 'function') throw new TypeError("Failed to execute 'queueMicrotask': The callback provided as parameter 1 is not a function.");
  void Promise.resolve().then(() => callback());
}

/** Puts the globals in place, leaving any the engine already has. */
export function installWebGlobals(g: Record<string, unknown>): void {
  const globals: Record<string, unknown> = { DOMException, btoa, atob, TextEncoder, TextDecoder, structuredClone, queueMicrotask };
  for (const [name, value] of Object.entries(globals)) {
    if (!(name in g)) Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
