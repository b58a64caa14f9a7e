/**
 * The redirects of a served site, read from the bundle's `redirects.json`
 * (`[{source, destination, permanent}]`, as docs.json writes them), matched by
 * redirect-match.ts (the same matcher the export and the 404 page's script use).
 */
import { InvalidError } from '../core/errors.js';
import type { RedirectRule } from './redirect-match.js';

export { RedirectTable, type RedirectMatch, type RedirectRule } from './redirect-match.js';

/** Parses `redirects.json` content; InvalidError when it is not a list of rules. */
export function parseRedirects(text: string): RedirectRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new InvalidError(`redirects.json is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(json)) throw new InvalidError('redirects.json must be a list of {source, destination, permanent}');
  return json.map((r: unknown, i) => {
    const rule = r as Partial<RedirectRule> | null;
    if (!rule || typeof rule.source !== 'string' || !rule.source.startsWith('/') || typeof rule.destination !== 'string' || rule.destination === '') {
      throw new InvalidError(`redirects.json[${i}] needs a source starting with "/" and a destination`);
    }
    return { source: rule.source, destination: rule.destination, permanent: rule.permanent !== false };
  });
}

