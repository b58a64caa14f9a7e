/**
 * A minimal site check for the runtime tests while the export engine's validateSite is
 * not available: reports internal links (`](/page)`) whose page file does not exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteValidation } from '../../../src/agent/site-check.js';

export async function checkInternalLinks(root: string): Promise<SiteValidation> {
  const brokenLinks: SiteValidation['brokenLinks'] = [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(root).filter((f) => f.endsWith('.mdx'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/\]\((\/[^)#\s]*)/g)) {
        const target = path.join(root, m[1]);
        if (!existsSync(`${target}.mdx`) && !existsSync(path.join(target, 'index.mdx'))) {
          brokenLinks.push({ file: path.relative(root, file), href: m[1], line: i + 1 });
        }
      }
    });
  }
  return { diagnostics: [], brokenLinks, unreachablePages: [] };
}
