/**
 * The "Try it" playground of an endpoint page: a form (server, credentials, parameters,
 * JSON body seeded with the example), a Send button and a response panel, plus the
 * operation data the playground script needs as `<script type="application/json">`.
 * The form is plain HTML; `render/browser/playground.ts` sends it with fetch from the browser.
 * `simple` mode shows only the request URL.
 */
import { playgroundUi, uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { esc, prettyJson, scriptJson } from './html.js';
import { parameterSample, type OperationModel, type ParameterModel } from './operation-model.js';
import type { PlaygroundMode } from './playground-mode.js';
import { isSchema } from './schema-utils.js';
import { distinctSchemes } from './security.js';

/** What the browser script reads: never code, only data. */
export interface PlaygroundData {
  method: string;
  path: string;
  servers: string[];
  parameters: { name: string; in: string; required: boolean }[];
  auth: { key: string; kind: string; in?: string; name?: string }[];
  bodyType?: string;
  /** The words the script shows, on pages not in English (layout/ui-strings.ts playgroundUi). */
  ui?: Record<string, string>;
}

function sampleString(value: unknown): string {
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

function paramInput(p: ParameterModel, id: string, ui: UiStrings): string {
  const name = `param:${p.in}:${p.name}`;
  const label = `<label for="${id}"><code>${esc(p.name)}</code> <span class="api-pg-where">${esc(p.in)}</span>${p.required ? ` <span class="api-badge api-badge-required">${esc(ui.required)}</span>` : ''}</label>`;
  const schema = p.schema ?? {};
  const values = Array.isArray(schema.enum) ? schema.enum : schema.type === 'boolean' ? [true, false] : undefined;
  const example = p.example.found ? p.example.value : undefined;
  if (values) {
    const options = [p.required ? '' : `<option value="">${esc(ui.notSent)}</option>`, ...values.map((v: unknown) => `<option value="${esc(sampleString(v))}"${sampleString(v) === sampleString(example ?? schema.default) ? ' selected' : ''}>${esc(sampleString(v))}</option>`)].join('');
    return `<div class="api-pg-row">${label}<select id="${id}" name="${esc(name)}"${p.required ? ' required' : ''}>${options}</select></div>`;
  }
  const seed = p.required ? sampleString(parameterSample(p)) : sampleString(example);
  return `<div class="api-pg-row">${label}<input id="${id}" name="${esc(name)}" type="text" value="${esc(seed)}" placeholder="${esc(sampleString(schema.default ?? schema.type ?? ''))}"${p.required ? ' required' : ''} autocomplete="off"></div>`;
}

function authInputs(model: OperationModel, uid: string, ui: UiStrings): string {
  return distinctSchemes(model.security).map((s, i) => {
    const id = `${uid}-auth-${i}`;
    if (s.kind === 'basic') {
      return `<div class="api-pg-row"><label for="${id}-u">${esc(ui.username)} <span class="api-pg-where">${esc(ui.basicAuth)}</span></label><input id="${id}-u" name="auth:${esc(s.key)}:username" type="text" autocomplete="off"></div>` +
        `<div class="api-pg-row"><label for="${id}-p">${esc(ui.password)}</label><input id="${id}-p" name="auth:${esc(s.key)}:password" type="password" autocomplete="off"></div>`;
    }
    const label = s.kind === 'apiKey' ? `<code>${esc(s.name)}</code> <span class="api-pg-where">${esc(s.in)}</span>` : `${esc(ui.bearerToken)} <span class="api-pg-where">${esc(s.key)}</span>`;
    return `<div class="api-pg-row"><label for="${id}">${label}</label><input id="${id}" name="auth:${esc(s.key)}:value" type="password" autocomplete="off" placeholder="${esc(s.kind === 'apiKey' ? ui.apiKeyPlaceholder : ui.tokenPlaceholder)}"></div>`;
  }).join('');
}

export function playgroundData(model: OperationModel, ui: UiStrings = uiStrings()): PlaygroundData {
  const media = model.body?.media[0];
  const words = playgroundUi(ui);
  return {
    method: model.method,
    path: model.path,
    servers: model.servers,
    parameters: model.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required })),
    auth: distinctSchemes(model.security).map((s) => ({ key: s.key, kind: s.kind, ...(s.in ? { in: s.in } : {}), ...(s.name ? { name: s.name } : {}) })),
    ...(media ? { bodyType: media.type } : {}),
    ...(words ? { ui: words } : {}),
  };
}

/** The request line shown in every mode: method badge and full URL of the first server. */
export function requestBar(model: OperationModel, ui: UiStrings = uiStrings()): string {
  const server = model.servers[0] ?? '';
  const path = esc(model.path).replace(/\{([^}]+)\}/g, '<span class="api-path-param">{$1}</span>');
  return `<div class="api-request-bar" data-code><span class="api-method api-method-${esc(model.method.toLowerCase())}">${esc(model.method)}</span> <code class="api-request-url"><span class="api-server">${esc(server)}</span>${path}</code><pre hidden><code>${esc(server + model.path)}</code></pre><button type="button" class="q-code-copy" data-copy aria-label="${esc(ui.copyUrl)}"><span class="q-code-copy-label">${esc(ui.copyButton)}</span></button></div>`;
}

export function renderPlayground(model: OperationModel, mode: PlaygroundMode, uid: string, ui: UiStrings = uiStrings()): string {
  if (mode === 'none') return '';
  if (mode === 'simple') return requestBar(model, ui);
  const servers = model.servers.length ? model.servers : [''];
  const serverSelect = `<div class="api-pg-row"><label for="${uid}-server">${esc(ui.server)}</label><select id="${uid}-server" name="server">${servers.map((s) => `<option value="${esc(s)}">${esc(s || ui.thisSite)}</option>`).join('')}</select></div>` +
    // Another address of the same API (an internal host, a local instance) overrides the list.
    `<div class="api-pg-row"><label for="${uid}-custom">${esc(ui.otherServer)} <span class="api-pg-where">${esc(ui.optional)}</span></label><input id="${uid}-custom" name="server-custom" type="url" placeholder="https://api.internal.example" autocomplete="off"></div>`;
  const auth = authInputs(model, uid, ui);
  const params = model.parameters.map((p, i) => paramInput(p, `${uid}-p${i}`, ui)).join('');
  const media = model.body?.media[0];
  let body = '';
  if (media) {
    const example = media.examples[0]?.value;
    const seed = /json/i.test(media.type) ? prettyJson(example ?? {}) : typeof example === 'string' ? example : example === undefined ? '' : prettyJson(example);
    const formNote = isSchema(example) && /form/i.test(media.type) ? ` ${ui.formFieldsNote}` : '';
    body = `<fieldset class="api-pg-group"><legend>${esc(ui.body)} <span class="api-pg-where">${esc(media.type)}${esc(formNote)}</span></legend><textarea name="body" rows="${Math.min(18, Math.max(4, seed.split('\n').length + 1))}" spellcheck="false" aria-label="${esc(ui.requestBody)}">${esc(seed)}</textarea></fieldset>`;
  }
  return [
    requestBar(model, ui),
    `<details class="api-playground" data-api-playground id="${uid}"><summary class="api-try">${esc(ui.tryIt)}</summary>`,
    `<script type="application/json" data-api-operation>${scriptJson(playgroundData(model, ui))}</script>`,
    '<form class="api-pg-form" novalidate>',
    serverSelect,
    auth ? `<fieldset class="api-pg-group"><legend>${esc(ui.authorization)}</legend>${auth}<p class="api-note">${esc(ui.credentialsNote)}</p></fieldset>` : '',
    params ? `<fieldset class="api-pg-group"><legend>${esc(ui.parameters)}</legend>${params}</fieldset>` : '',
    body,
    `<div class="api-pg-actions"><button type="submit" class="api-pg-send">${esc(ui.send)}</button><span class="api-pg-error" role="alert"></span></div>`,
    '</form>',
    '<div class="api-pg-response" hidden aria-live="polite"><div class="api-pg-status-line"><span class="api-pg-status" data-status></span><span class="api-pg-time" data-time></span></div>',
    `<details class="api-pg-headers-box"><summary>${esc(ui.headers)}</summary><pre class="api-pg-headers" data-headers></pre></details>`,
    '<pre class="api-pg-body" data-body></pre></div>',
    '</details>',
  ].join('');
}
