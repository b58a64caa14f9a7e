/**
 * The language codes Mintlify accepts in `navigation.languages[].language`
 * (organize/settings-reference.mdx), each with the BCP 47 tag written in
 * `<html lang>`, its name in its own language (the language switcher's label, as
 * Mintlify's switcher shows it) and the code of its UI strings (layout/ui-strings.ts).
 * Codes are matched case-insensitively; an unknown code keeps its own spelling.
 */

interface Language {
  /** BCP 47 tag. */
  tag: string;
  name: string;
  /** Key of the UI string table. */
  ui: string;
}

const L = (tag: string, name: string, ui = tag): Language => ({ tag, name, ui });

const LANGUAGES: Record<string, Language> = {
  ar: L('ar', 'العربية'),
  ca: L('ca', 'Català'),
  cn: L('zh-CN', '简体中文', 'zh'),
  zh: L('zh', '简体中文'),
  'zh-cn': L('zh-CN', '简体中文', 'zh'),
  'zh-hans': L('zh-Hans', '简体中文', 'zh'),
  'zh-hant': L('zh-Hant', '繁體中文', 'zh-Hant'),
  'zh-tw': L('zh-TW', '繁體中文', 'zh-Hant'),
  cs: L('cs', 'Čeština'),
  da: L('da', 'Dansk'),
  de: L('de', 'Deutsch'),
  en: L('en', 'English'),
  es: L('es', 'Español'),
  fi: L('fi', 'Suomi'),
  fr: L('fr', 'Français'),
  'fr-ca': L('fr-CA', 'Français (Canada)', 'fr'),
  he: L('he', 'עברית'),
  hi: L('hi', 'हिन्दी'),
  hu: L('hu', 'Magyar'),
  id: L('id', 'Bahasa Indonesia'),
  it: L('it', 'Italiano'),
  ja: L('ja', '日本語'),
  'ja-jp': L('ja-JP', '日本語', 'ja'),
  jp: L('ja', '日本語'),
  ko: L('ko', '한국어'),
  lv: L('lv', 'Latviešu'),
  nl: L('nl', 'Nederlands'),
  no: L('no', 'Norsk'),
  pl: L('pl', 'Polski'),
  pt: L('pt', 'Português', 'pt-BR'),
  'pt-br': L('pt-BR', 'Português (Brasil)', 'pt-BR'),
  ro: L('ro', 'Română'),
  ru: L('ru', 'Русский'),
  sv: L('sv', 'Svenska'),
  tr: L('tr', 'Türkçe'),
  uk: L('uk', 'Українська'),
  uz: L('uz', 'Oʻzbekcha'),
  vi: L('vi', 'Tiếng Việt'),
};

function lookup(code: string): Language | undefined {
  return LANGUAGES[code.trim().toLowerCase()];
}

/** Whether Mintlify documents this language code. */
export function isKnownLanguage(code: string): boolean {
  return lookup(code) !== undefined;
}

/** The BCP 47 tag for `<html lang>`: `jp` -> `ja`, `cn` -> `zh-CN`. */
export function languageTag(code: string): string {
  return lookup(code)?.tag ?? code.trim();
}

/** The language's own name: `es` -> `Español`. */
export function languageName(code: string): string {
  return lookup(code)?.name ?? code;
}

/** Key of the UI strings for a language code: `jp` -> `ja`, `pt` -> `pt-BR`. */
export function uiLanguage(code: string): string {
  return lookup(code)?.ui ?? code.trim().toLowerCase().split('-')[0];
}
