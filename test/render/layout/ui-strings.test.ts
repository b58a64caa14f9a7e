/**
 * The interface words per language: every language code Mintlify documents maps to a
 * BCP 47 tag, a name of its own and a full row of words (none missing, none left in
 * English by a shifted column; a group with a word too many or too few fails uiStrings,
 * which this test calls for every code), and unknown codes fall back to English.
 */
import { describe, expect, it } from 'vitest';
import { isKnownLanguage, languageName, languageTag } from '../../../src/render/config/languages.js';
import { hasUiStrings, uiScriptData, uiStrings } from '../../../src/render/layout/ui-strings.js';

// organize/settings-reference.mdx, "Supported language codes".
const MINTLIFY_CODES = 'ar ca cn cs da de en es fr fr-CA he hi hu id it ja ja-JP jp ko lv nl no pl pt pt-BR ro ru sv tr uk uz vi zh zh-CN zh-Hans zh-Hant zh-TW fi'.split(' ');

describe('UI strings', () => {
  it('has a tag, a name and a complete row of words for every code Mintlify supports', () => {
    const english = uiStrings('en');
    for (const code of MINTLIFY_CODES) {
      expect(isKnownLanguage(code), code).toBe(true);
      expect(hasUiStrings(code), code).toBe(true);
      const words = uiStrings(code);
      expect(Object.keys(words), code).toEqual(Object.keys(english));
      for (const [key, value] of Object.entries(words)) expect(value, `${code}.${key}`).toMatch(/\S/);
      expect(words.noResults, code).toContain('{query}');
      expect(words.show, code).toContain('{title}');
      expect(words.expand, code).toContain('{lines}');
      for (const [k, ph] of [['missingParameters', '{names}'], ['headersUnsupported', '{names}'], ['invalidJson', '{error}'], ['bindingVersion', '{version}'], ['closed', '{code}'], ['circularReference', '{name}'], ['bearerDescription', '{format}'], ['basicDescription', '{pair}'], ['apiKeyQuery', '{name}'], ['notWebSocket', '{url}'],
        ['scopesList', '{scopes}'], ['defaultIs', '{value}'], ['enumValues', '{values}'], ['optionN', '{n}'], ['moreProperties', '{count}'], ['bindingOf', '{protocol}'], ['bindingOfVersion', '{protocol}'],
        ['bindingOfVersion', '{version}'], ['operationMissing', '{operation}'], ['operationMissing', '{file}'], ['channelMissing', '{channel}'], ['channelMissing', '{file}'], ['labelColon', '{label}']] as const) expect(words[k], `${code}.${k}`).toContain(ph);
      if (!code.startsWith('en')) for (const k of ['copyButton', 'collapse', 'toClose', 'searchUnavailable', 'tryIt', 'response', 'requestFailed', 'status404', 'connected', 'headersUnsupported', 'responses', 'moreProperties', 'operationMissing', 'channelMissing'] as const) expect(words[k], `${code}.${k}`).not.toBe(english[k]);
      if (!code.startsWith('en')) expect(words.onThisPage, code).not.toBe(english.onThisPage);
    }
  });

  it('maps Mintlify codes to BCP 47 tags and own names', () => {
    expect(['jp', 'cn', 'zh-Hant', 'pt-BR', 'fr-CA', 'en'].map(languageTag)).toEqual(['ja', 'zh-CN', 'zh-Hant', 'pt-BR', 'fr-CA', 'en']);
    expect(['jp', 'es', 'cn', 'de'].map(languageName)).toEqual(['日本語', 'Español', '简体中文', 'Deutsch']);
    expect(uiStrings('jp').previous).toBe('前へ');
    expect(uiStrings('pt').next).toBe('Próximo');
    expect([uiStrings('fr').filters, uiStrings('de').view, uiStrings('ja').allLanguages]).toEqual(['Filtres', 'Ansicht', 'すべての言語とバージョン']);
    // Each group of a row lines up with its keys: controls, API pages, status texts, channel pages, `.md` twins.
    expect([uiStrings('es').copyButton, uiStrings('ru').expand, uiStrings('fr').breadcrumb, uiStrings('ja').toClose, uiStrings('zh').mermaidSource]).toEqual(['Copiar', 'Развернуть (строк: {lines})', 'Fil d’Ariane', 'で閉じる', '图表（Mermaid 源码）']);
    expect([uiStrings('de').bindingOfVersion, uiStrings('pl').moreProperties, uiStrings('zh').labelColon, uiStrings('fr').servers]).toEqual(['Bindung {protocol} (Version {version}):', '… kolejne właściwości: {count}', '{label}：', 'Serveurs']);
    expect([uiStrings('fr').tryIt, uiStrings('de').pathParameters, uiStrings('ja').status404, uiStrings('es').connected, uiStrings('zh-Hant').noMessages]).toEqual(['Essayer', 'Pfadparameter', '見つかりません', 'Conectado', '尚無訊息。']);
  });

  it('falls back to English for an unknown code, and gives the script no data in English', () => {
    expect(uiStrings('tlh')).toBe(uiStrings('en'));
    expect(uiStrings(undefined).search).toBe('Search…');
    expect(uiScriptData(uiStrings('en'))).toBe('');
    expect(uiScriptData(uiStrings('de'))).toBe(
      '<script type="application/json" id="quire-ui">{"searching":"Suche läuft…","noResults":"Keine Ergebnisse für „{query}“","copy":"Code kopieren","copied":"Kopiert",' +
        '"collapse":"Einklappen","language":"Sprache","searchUnavailable":"Die Suche ist nicht verfügbar."}</script>',
    );
  });
});
