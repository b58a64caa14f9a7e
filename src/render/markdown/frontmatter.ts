/**
 * YAML frontmatter of a page, read with `yaml`; a syntax error is a warning with its line.
 * The common case (flat `key: value` lines with quoted strings, numbers, booleans, plain
 * words or lists of strings) is read by a small fast path that gives the same result
 * (flatFrontmatter, also the export's scan of titles); anything else goes to `yaml`.
 */
import type { Root } from 'mdast';
import type { Diagnostic, Frontmatter } from '../types.js';
import { yamlPackage } from '../yaml-package.js';

/** `key: value`, the key plain, or in double quotes without escapes, or in single quotes (`"og:title": ...`). */
const FLAT_LINE = /^(?:([A-Za-z_][\w-]*)|"([^"\\\r\n]*)"|'((?:[^'\r\n]|'')*)'):(?:[ \t]+(.*?))?[ \t]*$/;
/** A plain scalar YAML reads as a string: no indicator first, no comment, no `: ` inside. */
const PLAIN_SAFE = /^[^\s"'[\]{}&*!|>%@`#,?:-][^#]*$/;
/** The numbers read here; anything else that starts like a number (`1e3`, `0x10`, `+1`, `.5`, `007`, `.inf`) goes to YAML. */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
/** What YAML's core schema may read as a number: a digit first, after a sign or a dot, or `.inf` / `.nan` (a path such as `./a.json` is a string). */
const NUMBER_LIKE = /^[-+]?(?:\d|\.(?:\d|inf|nan))/i;

/**
 * Most frontmatter is a flat list of `key: scalar` lines; reading those directly is many
 * times faster than a YAML parser (~1 ms a page), and it runs for every page twice (the
 * export's scan for titles, the render). It gives what `yaml`'s parse (YAML 1.2, core
 * schema) gives, or undefined when the text holds anything else (nesting, block scalars,
 * comments, anchors, odd quoting or numbers), which then goes to YAML:
 * test/render/markdown/frontmatter.test.ts compares both on every form accepted here.
 * A key written twice keeps its last value, unless `uniqueKeys` asks for YAML's verdict
 * (an error).
 */
export function flatFrontmatter(text: string, { uniqueKeys = false } = {}): Frontmatter | undefined {
  const out: Frontmatter = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const m = FLAT_LINE.exec(line);
    if (!m) return undefined;
    const key = m[1] ?? m[2] ?? m[3].replace(/''/g, "'");
    if (key === '__proto__' || (uniqueKeys && Object.hasOwn(out, key))) return undefined;
    const value = flatScalar(m[4] ?? '');
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}

/** One value of a flat line as YAML reads it, or undefined to leave the page to YAML. */
function flatScalar(raw: string): unknown {
  if (raw === '' || raw === '~' || raw === 'null' || raw === 'Null' || raw === 'NULL') return null;
  if (raw === 'true' || raw === 'True' || raw === 'TRUE') return true;
  if (raw === 'false' || raw === 'False' || raw === 'FALSE') return false;
  if (raw.startsWith('"')) {
    // JSON's escapes that YAML reads the same way; `\x41`, `\u` forms, `\0`... go to YAML.
    if (raw.length < 2 || !raw.endsWith('"') || /\\[^"\\nt/]/.test(raw)) return undefined;
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined; // not a plain JSON string (a quote inside): YAML decides
    }
  }
  if (raw.startsWith("'")) {
    const inner = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith("'") || inner.replace(/''/g, '').includes("'")) return undefined;
    return inner.replace(/''/g, "'");
  }
  if (raw.startsWith('[')) return /["']/.test(raw) ? jsonStrings(raw) : plainWords(raw);
  if (NUMBER_LIKE.test(raw)) {
    const n = NUMBER.test(raw) ? Number(raw) : undefined;
    return n === 0 && raw.startsWith('-') ? undefined : n;
  }
  return PLAIN_SAFE.test(raw) && !raw.includes(': ') && !raw.endsWith(':') ? raw : undefined;
}

/**
 * A flow list of double-quoted strings written as JSON (`keywords: ["api key", "auth"]`:
 * on 97% of the pages of Mintlify's own docs), which YAML 1.2 reads as JSON does; anything
 * else in brackets with a quote (single-quoted items, a trailing comma, rare escapes) is undefined;
 * lists of plain words are plainWords'.
 */
function jsonStrings(raw: string): string[] | undefined {
  if (!raw.endsWith(']') || /\\[^"\\nt/]/.test(raw)) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return undefined; // not JSON: the full YAML reader takes the page
  }
  return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : undefined;
}

/** What YAML's core schema reads as other than a string, among words: those go to YAML. */
const TYPED_WORD = /^(?:true|false|null)$/i;
/** A plain word of a flow list that YAML reads as that string: a letter first, no flow or comment indicator. */
const LIST_WORD = /^[A-Za-z][\w ./+-]*$/;

/**
 * A flow list of plain words (`keywords: [apply, speculative]`, `tags: [api key, v1.2]`), which
 * YAML reads as those strings, trimmed; undefined for anything else in the brackets (an empty
 * or typed item, a nested list, `:` or `#`, a trailing comma): YAML takes the page.
 */
function plainWords(raw: string): string[] | undefined {
  if (!raw.endsWith(']')) return undefined;
  const inner = raw.slice(1, -1).trim();
  if (inner === '') return [];
  const items = inner.split(',').map((item) => item.trim());
  return items.every((item) => LIST_WORD.test(item) && !TYPED_WORD.test(item)) ? items : undefined;
}

/** What frontmatter `text` holds: read flat when it is (flatFrontmatter), else by `yaml`, whose errors are thrown. */
export function frontmatterData(text: string, options: { uniqueKeys?: boolean } = {}): unknown {
  return flatFrontmatter(text, options) ?? yamlPackage().parse(text);
}

export function readFrontmatter(tree: Root, file: string, diagnostics: Diagnostic[]): Frontmatter {
  const node = tree.children.find((n) => n.type === 'yaml');
  if (!node || node.type !== 'yaml' || !node.value.trim()) return {};
  try {
    const data = frontmatterData(node.value, { uniqueKeys: true });
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Frontmatter;
    diagnostics.push({ severity: 'warning', file, line: 1, message: 'frontmatter is not a YAML mapping: ignored' });
  } catch (err) {
    const e = err as { linePos?: { line: number }[]; message: string };
    const line = e.linePos?.[0] ? e.linePos[0].line + 1 : 1;
    diagnostics.push({ severity: 'warning', file, line, message: `frontmatter is not valid YAML: ${e.message.split('\n')[0]}` });
  }
  return {};
}
