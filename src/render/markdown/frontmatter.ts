/** YAML frontmatter of a page, read with `yaml`; a syntax error is a warning with its line. */
import type { Root } from 'mdast';
import { parse } from 'yaml';
import type { Diagnostic, Frontmatter } from '../types.js';

export function readFrontmatter(tree: Root, file: string, diagnostics: Diagnostic[]): Frontmatter {
  const node = tree.children.find((n) => n.type === 'yaml');
  if (!node || node.type !== 'yaml' || !node.value.trim()) return {};
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
