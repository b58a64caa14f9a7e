/**
 * The rendered-page cache: content-addressed entries under `<cacheDir>/pages/`, one
 * JSON file per key holding the RenderedPage (the page body, not the layout, which
 * depends on the whole site and is redrawn every time; it is cheap). Entries are
 * written by the render workers, synchronously (see pool/render-task.ts).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { RenderedPage } from '../types.js';

export interface CachedPage {
  rendered: RenderedPage;
  brokenLinks: { file: string; href: string; line?: number }[];
}

export class PageCache {
  private readonly dir: string;
  /** Sub-folders known to exist (one mkdir each, not one per entry). */
  private readonly made = new Set<string>();

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, 'pages');
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedPage | undefined> {
    try {
      return JSON.parse(await readFile(this.path(key), 'utf8')) as CachedPage;
    } catch {
      return undefined;
    }
  }

  set(key: string, entry: CachedPage): void {
    const file = this.path(key);
    try {
      const sub = key.slice(0, 2);
      if (!this.made.has(sub)) {
        mkdirSync(join(this.dir, sub), { recursive: true });
        this.made.add(sub);
      }
      const tmp = `${file}.${process.pid}.${threadId}.tmp`;
      writeFileSync(tmp, JSON.stringify(entry));
      renameSync(tmp, file);
    } catch {
      // a cache that cannot be written only costs time
    }
  }
}
