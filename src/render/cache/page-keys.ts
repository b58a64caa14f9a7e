/**
 * Computes the cache key of every page to render (see cache-key.ts): the engine
 * version, the page path and the hash of its source, the config hash (config text, file list,
 * redirect pages), imported snippets, the deployment, and for API pages the
 * endpoint spec, its API document and every file that document's `$ref`s read.
 */
import type { Deployment } from '../types.js';
import type { SitePlan } from '../output/plan-site.js';
import type { RenderTask } from '../pool/render-task.js';
import { readFile } from 'node:fs/promises';
import { engineVersion, importsDigest, sha256 } from './cache-key.js';
import { orNullIfMissing } from '../../core/missing-file.js';

export async function pageCacheKeys(plan: SitePlan, tasks: RenderTask[], deployment: Deployment): Promise<Map<string, string>> {
  const configHash = sha256(plan.configText, plan.files.join('\n'), Object.keys(plan.pages).join('\n'), plan.redirectSources.join('\n'));
  const read = plan.readText;
  const keys = new Map<string, string>();
  // Hundreds of API pages share one OpenAPI document: hash it once.
  const documentHashes = new Map<string, Promise<string>>();
  const documentHash = (spec: NonNullable<RenderTask['spec']>) => {
    const id = spec.localCopy ? `copy:${spec.localCopy}` : spec.file;
    let h = documentHashes.get(id);
    if (!h) {
      // The copy of a fetched document lives in this export's own folder: read as is.
      // Files reached through `$ref`s count too (a fetched one is inside the copy).
      const texts = [spec.localCopy ? orNullIfMissing(readFile(spec.localCopy, 'utf8')) : read(spec.file), ...(spec.refFiles ?? []).map(read)];
      h = Promise.all(texts).then((all) => sha256(...all.map((t) => t ?? '\u0000missing')));
      documentHashes.set(id, h);
    }
    return h;
  };
  await Promise.all(
    tasks.map(async (task) => {
      // The page's source counts by its hash, taken by the scan (source/source-facts.ts).
      const facts = task.file ? plan.facts.get(task.file) : undefined;
      const source = facts?.hash ?? '';
      const snippets = facts ? await importsDigest(facts.imports, read) : '';
      let api = '';
      if (task.spec) {
        // Where the copy lies changes with every export; its contents are in the hash.
        const { localCopy: _copy, ...stable } = task.spec;
        api = sha256(JSON.stringify(stable), await documentHash(task.spec));
      }
      keys.set(task.page, sha256(engineVersion(), task.page, source, configHash, snippets, deployment, api));
    }),
  );
  return keys;
}
