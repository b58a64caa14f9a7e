/**
 * Which stemmer each language's search index uses: Porter2 (the `porter2` package) for
 * English, the Snowball stemmers of `@orama/stemmers` for the other languages Mintlify
 * supports that Snowball covers, and none for the rest (Chinese, Japanese, Korean,
 * Hebrew, Polish, Czech, Catalan, Latvian, Uzbek, Vietnamese): their words are only
 * lowercased and folded. The browser gets the same functions as one small module per
 * language (`assets/stem-<code>.<hash>.js`, theme/browser-assets.ts) that the engine
 * imports for the index it searches; Node code uses them from here.
 */
import { createRequire } from 'node:module';
import { createAnalyzer, type Analyzer, type Stemmer } from './search-terms.js';

/**
 * Language subtag -> the stemmer's module (a `@orama/stemmers` export, or `porter2`): the
 * one list of stemmers. Node loads a module when its language is first indexed or
 * searched; the browser bundles each as `assets/stem-<code>.<hash>.js`.
 */
export const STEMMER_MODULES: Record<string, string> = {
  en: 'porter2',
  ar: '@orama/stemmers/arabic',
  da: '@orama/stemmers/danish',
  de: '@orama/stemmers/german',
  es: '@orama/stemmers/spanish',
  fi: '@orama/stemmers/finnish',
  fr: '@orama/stemmers/french',
  hi: '@orama/stemmers/indian',
  hu: '@orama/stemmers/hungarian',
  id: '@orama/stemmers/indonesian',
  it: '@orama/stemmers/italian',
  nl: '@orama/stemmers/dutch',
  no: '@orama/stemmers/norwegian',
  pt: '@orama/stemmers/portuguese',
  ro: '@orama/stemmers/romanian',
  ru: '@orama/stemmers/russian',
  sv: '@orama/stemmers/swedish',
  tr: '@orama/stemmers/turkish',
  uk: '@orama/stemmers/ukrainian',
};

const load = createRequire(import.meta.url);
const loaded = new Map<string, Stemmer>();

/** The stemmer's key for a BCP 47 tag (`pt-BR` -> `pt`, `nb` -> `no`), or undefined when it has none. */
export function stemmerKey(lang: string): string | undefined {
  const base = lang.toLowerCase().split(/[-_]/)[0];
  const key = base === 'nb' || base === 'nn' ? 'no' : base;
  return Object.hasOwn(STEMMER_MODULES, key) ? key : undefined;
}

/** The stemmer of a language, or undefined when it has none. */
export function stemmerFor(lang: string): Stemmer | undefined {
  const key = stemmerKey(lang);
  if (!key) return undefined;
  let stemmer = loaded.get(key);
  if (!stemmer) {
    const module = load(STEMMER_MODULES[key]) as { stem?: Stemmer; stemmer?: Stemmer };
    stemmer = (module.stemmer ?? module.stem)!; // porter2 calls it `stem`
    loaded.set(key, stemmer);
  }
  return stemmer;
}

const analyzers = new Map<string, Analyzer>();

/** The analyzer of a language, with its stemmer when it has one (one per language per process). */
export function analyzerFor(lang: string): Analyzer {
  let a = analyzers.get(lang);
  if (!a) {
    analyzers.set(lang, (a = createAnalyzer(lang, stemmerFor(lang))));
  }
  return a;
}
