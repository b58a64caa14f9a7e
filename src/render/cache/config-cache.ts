/**
 * The site's config (config/load-site-config.ts) kept in the export's cache folder between
 * exports: checking docs.json's sections loads zod and its schemas (~0.2 s of CPU on the
 * export thread's path, before the scan can start), the same every time docs.json did not
 * change.
 *
 * `site-config.json` holds the last config and its diagnostics with a hash of every file
 * reading it read or tried (docs.json, mint.json when there is no docs.json, the files its
 * `$ref`s name), each read again through the same confinement to be compared. A config that
 * could not be read (no config file, bad JSON) is never kept: that error is thrown again.
 * One file, the last config; an unreadable or stale file only costs the reading it saves.
 */
import { join } from 'node:path';
import { engineCode } from './engine-version.js';
import { inputHashes, keep, readKept, stillHashes } from './input-hashes.js';
import type { Diagnostic, SiteConfig } from '../types.js';

const FORMAT = 'quire-site-config-1';

interface StoredConfig {
  format: string;
  engine: string;
  /** Path -> hash of its bytes (or of why it could not be read: input-hashes.ts). */
  reads: Record<string, string>;
  config: SiteConfig;
  diagnostics: Diagnostic[];
}

/** loadSiteConfig(root), or its result kept in `cacheDir` while it still holds (see the header). */
export async function cachedSiteConfig(root: string, cacheDir: string | undefined): Promise<{ config: SiteConfig; diagnostics: Diagnostic[] }> {
  const file = cacheDir ? join(cacheDir, 'site-config.json') : undefined;
  const stored = file ? await readKept<StoredConfig>(file, 'render.config-cache.read') : undefined;
  if (stored?.format === FORMAT && stored.engine === engineCode() && stored.reads && stored.config && stored.diagnostics && (await stillHashes(root, stored.reads))) {
    return { config: stored.config, diagnostics: stored.diagnostics };
  }
  // Loaded only to read the config (zod and the section schemas).
  const { loadSiteConfig } = await import('../config/load-site-config.js');
  const reads = new Set<string>();
  const loaded = await loadSiteConfig(root, reads);
  if (file) {
    const kept: StoredConfig = { format: FORMAT, engine: engineCode(), reads: await inputHashes(root, [...reads].sort()), ...loaded };
    await keep(file, kept, 'render.config-cache.write');
  }
  return loaded;
}
