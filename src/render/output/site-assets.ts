/**
 * Static files of the site that go into the output: those pages reference, the logo
 * and favicon from the config, and every media file under the root (images, video,
 * audio, PDFs, fonts), which authors often reference from raw HTML or other files.
 */
import type { Diagnostic, SiteConfig } from '../types.js';
import { isExternalHref } from '../layout/escape.js';
import { toRootPath } from './resolve-links.js';

const MEDIA = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|pdf|mp4|webm|mov|mp3|wav|ogg|woff2?|ttf|otf)$/i;

export function mediaFiles(files: string[]): string[] {
  return files.filter((f) => MEDIA.test(f) && !f.startsWith('snippets/'));
}

/** Resolves a logo/favicon path of the config to a file under the root, or reports it. */
export function configAsset(config: SiteConfig, ref: string | undefined, field: string, files: ReadonlySet<string>, diagnostics: Diagnostic[]): string | undefined {
  if (!ref) return undefined;
  if (isExternalHref(ref)) {
    diagnostics.push({ severity: 'warning', file: config.source, path: field, message: `${field} points at another host (${ref}); the export only uses local files, so it is left out` });
    return undefined;
  }
  const path = toRootPath(ref, 'index');
  if (files.has(path)) return path;
  diagnostics.push({ severity: 'warning', file: config.source, path: field, message: `${field} file "${ref}" does not exist` });
  return undefined;
}
