/**
 * The rendered-page cache: content-addressed entries under `<cacheDir>/pages/`, one
 * file per key holding the RenderedPage (the page body, not the layout, which depends
 * on the whole site and is redrawn every time; it is cheap). Entries are written by
 * the render workers, synchronously (see pool/render-task.ts).
 *
 * An entry is one line of JSON (everything but the body, plus the body's length) and
 * then the body HTML as it is, so ~20 KB of HTML per page is neither JSON-escaped on
 * the way in nor parsed on the way out. An entry whose body is not of the recorded
 * length (a write cut short) is a miss.
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
    return join(this.dir, key.slice(0, 2), `${key}.page`);
  }

  async get(key: string): Promise<CachedPage | undefined> {
    try {
      const text = await readFile(this.path(key), 'utf8');
      const cut = text.indexOf('\n');
      const head = JSON.parse(text.slice(0, cut)) as Omit<CachedPage, 'rendered'> & { rendered: Omit<RenderedPage, 'html'>; htmlLength: number };
      const html = text.slice(cut + 1);
      if (cut < 0 || html.length !== head.htmlLength) return undefined;
      return { rendered: { ...head.rendered, html }, brokenLinks: head.brokenLinks };
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
      const { html, ...rest } = entry.rendered;
      writeFileSync(tmp, `${JSON.stringify({ rendered: rest, brokenLinks: entry.brokenLinks, htmlLength: html.length })}\n${html}`);
      renameSync(tmp, file);
    } catch {
      // a cache that cannot be written only costs time
    }
  }
}
