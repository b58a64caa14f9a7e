/**
 * Which stemmer each language's search index uses: Porter2 (the `porter2` package) for
 * English, the Snowball stemmers of `@orama/stemmers` for the other languages Mintlify
 * supports that Snowball covers, and none for the rest (Chinese, Japanese, Korean,
 * Hebrew, Polish, Czech, Catalan, Latvian, Uzbek, Vietnamese): their words are only
 * lowercased and folded. The browser gets the same functions as one small module per
 * language (`assets/stem-<code>.<hash>.js`, theme/browser-assets.ts) that the engine
 * imports for the index it searches; Node code uses them from here.
 */
import { stem as porter2 } from 'porter2';
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { createAnalyzer, type Analyzer, type Stemmer } from './search-terms.js';

/** Language subtag -> the stemmer's module (a `@orama/stemmers` export, or `porter2`). */
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

const STEMMERS: Record<string, Stemmer> = {
  en: porter2, ar: arabic, da: danish, de: german, es: spanish, fi: finnish, fr: french, hi: hindi, hu: hungarian,
  id: indonesian, it: italian, nl: dutch, no: norwegian, pt: portuguese, ro: romanian, ru: russian, sv: swedish,
  tr: turkish, uk: ukrainian,
};

/** The stemmer's key for a BCP 47 tag (`pt-BR` -> `pt`, `nb` -> `no`), or undefined when it has none. */
export function stemmerKey(lang: string): string | undefined {
  const base = lang.toLowerCase().split(/[-_]/)[0];
  const key = base === 'nb' || base === 'nn' ? 'no' : base;
  return key in STEMMERS ? key : undefined;
}

/** The stemmer of a language, or undefined when it has none. */
export function stemmerFor(lang: string): Stemmer | undefined {
  const key = stemmerKey(lang);
  return key ? STEMMERS[key] : undefined;
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
