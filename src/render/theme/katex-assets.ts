/**
 * KaTeX's stylesheet and fonts, copied from the katex package into the output when a
 * page uses math, so formulas render with no font download from another host.
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hashedName } from './content-hash.js';

export interface KatexAssets {
  /** Output path of the stylesheet: `assets/katex/katex.<hash>.css`. */
  cssPath: string;
  files: Map<string, string | { copyFrom: string }>;
}

export async function katexAssets(): Promise<KatexAssets> {
  const dist = join(dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist');
  // Browsers that render the site all read woff2: keep only those fonts (a third of the bytes).
  const css = (await readFile(join(dist, 'katex.min.css'), 'utf8')).replace(/,url\(fonts\/[^)]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g, '');
  const cssPath = hashedName('assets/katex/katex.css', css);
  const files = new Map<string, string | { copyFrom: string }>([[cssPath, css]]);
  for (const font of (await readdir(join(dist, 'fonts'))).filter((f) => f.endsWith('.woff2')).sort()) {
    files.set(`assets/katex/fonts/${font}`, { copyFrom: join(dist, 'fonts', font) });
  }
  return { cssPath, files };
}
