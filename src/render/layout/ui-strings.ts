/**
 * The interface's own words (the chrome around a page's content, the controls, the API
 * reference, its playgrounds and its pages' `.md` twins), per language of the languages Mintlify supports
 * (config/languages.ts), so a page in Japanese says このページの内容 rather than "On this
 * page" and a French endpoint page says "Essayer" and "Réponse". One table: a row per
 * language (ui-rows.ts), its words in the order of GROUPS, written as one `|`-separated string
 * per group of keys so a shifted column shows within its group. `{query}`, `{title}`, `{lines}`,
 * `{names}`, `{error}`, `{version}`, `{code}`, `{name}`, `{header}`... are replaced where the word is used
 * (fillUi); a count is written as "noun: count" where a language's plural would need the
 * number's form. Strings a browser script shows reach it as data in the page
 * (uiScriptData, playgroundUi), never inside the script.
 */
import { uiLanguage } from '../config/languages.js';
import { ROWS } from './ui-rows.js';

/** The words' keys, by group: each row holds one string per group, in this order. */
const GROUPS = [
  // The page's chrome; `show` is an Expandable's summary.
  ['onThisPage', 'search', 'searchPlaceholder', 'previous', 'next', 'skipToContent', 'navigation', 'toggleTheme', 'openMenu',
    'dismiss', 'searching', 'noResults', 'notFoundTitle', 'notFoundDescription', 'goHome', 'deprecated', 'copy', 'copied',
    'filters', 'view', 'allLanguages', 'show', 'openInCursor', 'copyPrompt', 'viewOnGitHub', 'examples'],
  // Controls and landmarks: the code block's buttons, the Mermaid caption, landmark names, the search dialog's key hints, callouts' names,
  // an embedded frame's load button.
  ['copyButton', 'expand', 'collapse', 'language', 'sections', 'breadcrumb', 'siteLinks', 'toMove', 'toOpen', 'toClose', 'searchUnavailable', 'mermaidSource',
    'calloutNote', 'calloutInfo', 'calloutTip', 'calloutWarning', 'calloutCheck', 'calloutDanger', 'calloutCallout', 'loadEmbed'],
  // Endpoint pages, their fields and the "Try it" playground (the last five are shown by its script).
  ['tryIt', 'send', 'server', 'otherServer', 'optional', 'thisSite', 'authorization', 'authorizations', 'credentialsNote', 'parameters',
    'pathParameters', 'queryParameters', 'headerParameters', 'cookieParameters', 'body', 'requestBody', 'response', 'headers', 'required',
    'deprecatedBadge', 'deprecatedOperation', 'copyUrl', 'requestSamples', 'responseExamples', 'defaultResponse', 'noContent',
    'showChildAttributes', 'showItemAttributes', 'oneOf', 'anyOf', 'defaultValue', 'allowedValues', 'example',
    'sending', 'requestFailed', 'missingParameters', 'corsHint', 'invalidJson'],
  // HTTP status texts beside a response's code (STATUS_CODES).
  ['status200', 'status201', 'status202', 'status204', 'status301', 'status302', 'status304', 'status400', 'status401', 'status403',
    'status404', 'status405', 'status409', 'status410', 'status415', 'status422', 'status429', 'status500', 'status502', 'status503'],
  // AsyncAPI channel pages and their WebSocket playground (from `connect` on, shown by its script).
  ['receive', 'messages', 'bindings', 'messageBindings', 'operationBindings', 'payload', 'messageExamples', 'copyAddress', 'bindingVersion',
    'connect', 'disconnect', 'connecting', 'connected', 'disconnected', 'connectionFailed', 'closed', 'message', 'sent', 'received',
    'noMessages', 'headersUnsupported'],
  // More of the endpoint pages: the playground's credentials, field notes, the authorizations' descriptions, the WebSocket address check.
  ['username', 'password', 'bearerToken', 'notSent', 'constValue', 'constraints', 'readOnly', 'writeOnly', 'circularReference', 'parentSchema',
    'arrayOfObjects', 'anyScheme', 'requiredScopes', 'bearerDescription', 'tokenFormat', 'basicDescription', 'apiKeyHeader', 'apiKeyQuery',
    'apiKeyCookie', 'oauth2Description', 'openIdDescription', 'notWebSocket'],
  // The rest of the endpoint pages: heading links, media type tabs, the form body note, OAuth flows, discriminators, credential inputs.
  ['linkToSection', 'bodyMediaTypes', 'responseMediaTypes', 'formFieldsNote', 'oauthFlow', 'authorizationUrl', 'tokenUrl', 'refreshUrl',
    'discriminator', 'basicAuth', 'apiKeyPlaceholder', 'tokenPlaceholder'],
  // The `.md` twins of endpoint and channel pages (in their own casing: "default: 1" inside a field's parentheses) and
  // the note on a page whose operation or channel its document lacks; `labelColon` puts a label before a list.
  ['servers', 'responses', 'headerList', 'cookies', 'anyOneOf', 'optionalAnyOneOf', 'scopesList', 'and', 'defaultIs', 'enumValues', 'optionN',
    'moreProperties', 'bindingOf', 'bindingOfVersion', 'operationMissing', 'channelMissing', 'labelColon'],
  // Webhook pages (the marker beside the method, the note when the document lacks the webhook) and callbacks.
  ['webhook', 'webhookMissing', 'callbacks'],
] as const;

type Key = (typeof GROUPS)[number][number];
export type UiStrings = Record<Key, string>;

/** The status codes that have a text of their own (`status200`...). */
export const STATUS_CODES = GROUPS[3].map((k) => k.slice(6));

const parsed = new Map<string, UiStrings>();

/** The UI strings for a language code as written in docs.json (`jp`, `pt-BR`); English when unknown or absent. */
export function uiStrings(code?: string): UiStrings {
  const key = code ? uiLanguage(code) : 'en';
  const row = ROWS[key] !== undefined ? key : 'en';
  let strings = parsed.get(row);
  if (!strings) {
    const entries = GROUPS.flatMap((keys, g) => {
      const values = ROWS[row][g].split('|');
      // A word missing or one too many shifts every word after it: a mistake in the table, never a page's.
      if (values.length !== keys.length) throw new Error(`ui-rows.ts: row ${row}, group ${g + 1} has ${values.length} words for ${keys.length} keys`);
      return keys.map((k, i) => [k, values[i]] as const);
    });
    strings = Object.fromEntries(entries) as UiStrings;
    parsed.set(row, strings);
  }
  return strings;
}

/** Whether the table has a row of its own for this code. */
export function hasUiStrings(code: string): boolean {
  return ROWS[uiLanguage(code)] !== undefined;
}

/** `{name}` placeholders of a word replaced by their values. */
export function fillUi(word: string, values: Record<string, string | number>): string {
  return word.replace(/\{(\w+)\}/g, (all, name: string) => (values[name] !== undefined ? String(values[name]) : all));
}

/** A response status's text (`Not Found`), or '' for a code without one. */
export function statusText(strings: UiStrings, status: string): string {
  return (strings as Record<string, string>)[`status${status}`] ?? '';
}

/** The strings the site script shows, as a JSON blob for pages not in English (read by js-core/js-search). */
export function uiScriptData(strings: UiStrings): string {
  if (strings === uiStrings('en')) return '';
  const data = {
    searching: strings.searching, noResults: strings.noResults, copy: strings.copy, copied: strings.copied,
    collapse: strings.collapse, language: strings.language, searchUnavailable: strings.searchUnavailable,
  };
  return `<script type="application/json" id="quire-ui">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The words a playground's script shows, for its data; none in English (the script's own words are English). */
export function playgroundUi(strings: UiStrings): Record<string, string> | undefined {
  if (strings === uiStrings('en')) return undefined;
  const keys = ['sending', 'requestFailed', 'missingParameters', 'corsHint', 'invalidJson', 'connect', 'connecting', 'connected', 'disconnected', 'connectionFailed', 'closed', 'sent', 'received', 'notWebSocket'] as const;
  return Object.fromEntries(keys.map((k) => [k, strings[k]]));
}
