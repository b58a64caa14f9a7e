/**
 * Options for swagger-parser's `$ref` resolution. External references may point at other
 * files of the docs folder, never outside it (a document from any repository must not
 * pull `/etc/passwd` into the site), and at HTTP(S) URLs only when the caller allows it.
 * The parsers themselves are loaded on first use (a site with no API document never loads them).
 */
import { readFile } from 'node:fs/promises';
import type SwaggerParser from '@apidevtools/swagger-parser';
import type $RefParser from '@apidevtools/json-schema-ref-parser';
import { fileURLToPath } from 'node:url';
import { confinedFile, relativeInside } from '../source/confined-path.js';
import { guardedFetch, type FetchPolicy } from '../../core/guarded-fetch.js';

/** swagger-parser, with json-schema-ref-parser and js-yaml: ~60 modules. */
export const swaggerParser = (): Promise<typeof SwaggerParser> => import('@apidevtools/swagger-parser').then((m) => m.default);

/** json-schema-ref-parser alone (AsyncAPI documents). */
export const refParser = (): Promise<typeof $RefParser> => import('@apidevtools/json-schema-ref-parser').then((m) => m.default);

function toFilePath(url: string): string {
  return url.startsWith('file://') ? fileURLToPath(url) : decodeURI(url);
}

/**
 * `root` null: no file may be read (URL documents resolve against the network only).
 * `http` null: no URL is fetched; otherwise URLs go through the guarded fetcher under that
 * policy (swagger-parser's own HTTP resolver is off: it would reach any address).
 * `reads` collects the root-relative path of every file of the folder that resolution read (or tried to):
 * a page's cache key covers them (cache/page-keys.ts), so a changed `$ref` target re-renders it.
 */
export function refParserOptions(root: string | null, http: FetchPolicy | null, reads?: Set<string>): SwaggerParser.Options {
  return {
    resolve: {
      external: true,
      http: false,
      file: false,
      guardedHttp: {
        order: 2,
        canRead: (file: { url: string }) => /^https?:\/\//i.test(file.url),
        read: async (file: { url: string }) => {
          if (http === null) throw new Error(`$ref to ${file.url} is a URL, which this export does not fetch`);
          const res = await guardedFetch(file.url, http);
          if (res.status < 200 || res.status > 299) throw new Error(`$ref to ${file.url}: HTTP ${res.status}`);
          return res.body;
        },
      },
      docsFolder: {
        order: 1,
        canRead: (file: { url: string }) => !/^[a-z][a-z0-9+.-]+:\/\//i.test(file.url) || file.url.startsWith('file://'),
        read: async (file: { url: string }) => {
          const p = toFilePath(file.url);
          const rel = root === null ? null : relativeInside(root, p);
          if (root === null || rel === null) throw new Error(`$ref to ${p} is outside the docs folder`);
          // Noted before the read: a read that fails is an input too (the plan cache checks it again).
          reads?.add(rel);
          // Confined: a link on the way out of the folder is refused like a path outside it.
          return await readFile(await confinedFile(root, rel));
        },
      },
    },
    dereference: { circular: true },
  };
}
