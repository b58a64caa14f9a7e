/**
 * The bundled browser code and styles: the same sources give the same bytes (asset
 * names are content hashes), the copy an export uses is the one the sources give now,
 * and the pieces fit: the site script imports the engine at the path it is written to,
 * and the engine module exports what the script calls.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserAssets, bundleBrowserAssets, STYLESHEETS } from '../../../src/render/theme/browser-assets.js';
import { hashedName } from '../../../src/render/theme/content-hash.js';
import { tempDir } from '../site/make-site.js';

describe('browser assets', () => {
  it('are the same bytes bundled twice, and the same as the copy exports use', () => {
    const a = bundleBrowserAssets();
    const b = bundleBrowserAssets();
    expect(b).toEqual(a);
    expect(browserAssets()).toEqual(a);
    expect(a.inputs).toContain('src/render/browser/site.ts');
    expect(a.inputs).toContain('src/render/search/search-terms.ts');
    expect(a.inputs.some((f) => f.endsWith('porter2/dist/index.js'))).toBe(true);
  });

  it('name the engine by its content in the site script, the engine exports createSearch, each stemmer module carries its licence', async () => {
    const assets = browserAssets();
    expect(assets.searchPath).toBe(hashedName('assets/search.js', assets.searchJs));
    expect(assets.siteJs).toContain(JSON.stringify(assets.searchPath));
    expect(assets.stemmers.en.js).toMatch(/^\/\*!\n \* Quire site search: a stemmer from the porter2 package:\n \* The MIT License/);
    expect(assets.stemmers.de.js).toMatch(/^\/\*!\n \* Quire site search: a stemmer from the @orama\/stemmers package:\n \* Copyright 2023 OramaSearch Inc\.\n[\s\S]*Apache License, Version 2\.0/);
    expect(assets.stemmers.de.path).toBe(hashedName('assets/stem-de.js', assets.stemmers.de.js));
    expect(Object.keys(assets.stemmers)).not.toContain('ja');
    const tmp = tempDir();
    try {
      const file = join(tmp.path, 'search.mjs');
      writeFileSync(file, assets.searchJs);
      const engine = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      expect(Object.keys(engine)).toEqual(['createSearch']);
      const de = join(tmp.path, 'stem-de.mjs');
      writeFileSync(de, assets.stemmers.de.js);
      const { stemmer } = (await import(pathToFileURL(de).href)) as { stemmer: (w: string) => string };
      expect(stemmer('einstellungen')).toBe('einstell');
    } finally {
      tmp.cleanup();
    }
  });

  it('hold every stylesheet, minified, and scripts that are plain IIFEs', () => {
    const assets = browserAssets();
    for (const name of STYLESHEETS) {
      expect(assets.css[name].length).toBeGreaterThan(1000);
      expect(assets.css[name]).not.toContain('\n  ');
    }
    expect(assets.css.base).toContain('--accent:var(--q-primary)');
    expect(assets.siteJs).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(assets.playgroundJs).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(assets.siteJs).not.toMatch(/\bexport\b|\bimport\s*\{/);
  });
});
