/**
 * YAML frontmatter of a page, read with `yaml`; a syntax error is a warning with its line.
 * The common case (flat `key: value` lines with quoted strings, numbers, booleans or
 * plain words) is read by a small fast path that gives the same result; anything else
 * goes to the full YAML parser.
 */
import type { Root } from 'mdast';
import { parse } from 'yaml';
import type { Diagnostic, Frontmatter } from '../types.js';

const SIMPLE_LINE = /^([A-Za-z_][\w-]*):[ \t]+(?:"((?:[^"\\]|\\["\\/nt])*)"|'((?:[^']|'')*)'|(true|false)|(-?(?:0|[1-9]\d{0,14})(?:\.\d+)?)|([A-Za-z][\w ,.()/-]*?))[ \t]*$/;
const RESERVED = /^(null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

/** Flat frontmatter without YAML features, or null when the full parser is needed. */
export function simpleFrontmatter(text: string): Frontmatter | null {
  const out: Frontmatter = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const m = SIMPLE_LINE.exec(line);
    if (!m || m[1] in out || m[1] === '__proto__') return null;
    if (m[2] !== undefined) out[m[1]] = JSON.parse(`"${m[2]}"`);
    else if (m[3] !== undefined) out[m[1]] = m[3].replace(/''/g, "'");
    else if (m[4] !== undefined) out[m[1]] = m[4] === 'true';
    else if (m[5] !== undefined) out[m[1]] = Number(m[5]);
    else if (m[6] !== undefined && !RESERVED.test(m[6]) && !/ #|: /.test(m[6])) out[m[1]] = m[6];
    else return null;
  }
  return out;
}

export function readFrontmatter(tree: Root, file: string, diagnostics: Diagnostic[]): Frontmatter {
  const node = tree.children.find((n) => n.type === 'yaml');
  if (!node || node.type !== 'yaml' || !node.value.trim()) return {};
  const simple = simpleFrontmatter(node.value);
  if (simple) return simple;
  try {
    const data: unknown = parse(node.value);
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Frontmatter;
    diagnostics.push({ severity: 'warning', file, line: 1, message: 'frontmatter is not a YAML mapping: ignored' });
  } catch (err) {
    const e = err as { linePos?: { line: number }[]; message: string };
    const line = e.linePos?.[0] ? e.linePos[0].line + 1 : 1;
    diagnostics.push({ severity: 'warning', file, line, message: `frontmatter is not valid YAML: ${e.message.split('\n')[0]}` });
  }
  return {};
}
