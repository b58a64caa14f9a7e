/**
 * Sanitized repository SVGs by content hash, in `<cacheDir>/svg/sanitized.json`, so a warm
 * export does not run every SVG of the site through the sanitizer again (a docs site holds
 * hundreds of icons and logos). The key holds the render engine's version (engineVersion:
 * Quire's code, sanitizer included), so a changed sanitizer misses. One file for all, read
 * once and written once per export (temp file and rename: two exports at once leave one
 * whole file); entries no export used for 30 days are dropped when it is written.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import type { SanitizedSvg } from '../media/sanitize-svg.js';
import { engineVersion, sha256 } from './cache-key.js';

const FORMAT = 'quire-svg-cache-1';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** Last use is written again only when older than this: a warm export that hits everything writes nothing. */
const TOUCH_MS = 24 * 3600 * 1000;

/** The sanitizer's answer for one file: null when it is not an SVG document. */
export type SvgResult = SanitizedSvg | null;

interface Entry {
  /** Last used (ms since the epoch). */
  t: number;
  v: SvgResult;
}

export class SvgCache {
  private entries: Record<string, Entry> | undefined;
  private changed = false;

  constructor(private readonly dir: string, private readonly now = () => Date.now()) {}

  /** The key of a file's bytes under this engine. */
  static key(bytes: Uint8Array): string {
    return sha256(engineVersion(), 'svg', bytes);
  }

  async get(key: string): Promise<SvgResult | undefined> {
    const entries = await this.load();
    const e = Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (!e || !wellFormed(e.v)) return undefined;
    if (this.now() - e.t > TOUCH_MS) {
      e.t = this.now();
      this.changed = true;
    }
    return e.v;
  }

  async set(key: string, value: SvgResult): Promise<void> {
    (await this.load())[key] = { t: this.now(), v: value };
    this.changed = true;
  }

  /** Writes the file when an entry was added or touched. */
  async save(): Promise<void> {
    if (!this.entries || !this.changed) return;
    const now = this.now();
    const kept = Object.fromEntries(Object.entries(this.entries).filter(([, e]) => now - e.t <= MAX_AGE_MS));
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, 'sanitized.json');
    const tmp = `${file}.${process.pid}.${now}.tmp`;
    await writeFile(tmp, JSON.stringify({ format: FORMAT, entries: kept }), { mode: 0o600 });
    await rename(tmp, file);
    this.changed = false;
  }

  private async load(): Promise<Record<string, Entry>> {
    if (this.entries) return this.entries;
    let entries: Record<string, Entry> = Object.create(null) as Record<string, Entry>;
    try {
      const data = JSON.parse(await readFile(join(this.dir, 'sanitized.json'), 'utf8')) as { format?: string; entries?: Record<string, Entry> };
      if (data.format === FORMAT && data.entries && typeof data.entries === 'object') entries = Object.assign(entries, data.entries);
    } catch (err) {
      // No file yet, or a damaged one: every SVG is sanitized again and the file rewritten.
      if (!isMissing(err)) noteIgnored('render.svg-cache.load', err);
    }
    this.entries ??= entries;
    return this.entries;
  }
}

/** A damaged entry is a miss, never a crash or a wrong file. */
function wellFormed(v: unknown): v is SvgResult {
  if (v === null) return true;
  if (typeof v !== 'object' || v === undefined) return false;
  return 'svg' in v && typeof v.svg === 'string' && 'removed' in v && Array.isArray(v.removed) && 'removedAttributes' in v && Array.isArray(v.removedAttributes);
}

/** The SVG cache of an export's cache folder. */
export const svgCacheDir = (cacheDir: string): string => join(cacheDir, 'svg');
