/**
 * The API playground (appended to the site script on sites with API reference pages).
 * It reads each page's operation data (JSON, never evaluated), builds the request from
 * the form, sends it with fetch straight to the selected server, and shows status,
 * time, headers and the pretty-printed body. Credentials are kept in sessionStorage only.
 * Pages not in English carry the words it shows in the operation's data (`ui`).
 */
import { initChannelPlaygrounds } from './websocket-playground.js';

/** The JSON of `<script data-api-operation>`: PlaygroundData of openapi/playground-html.ts. */
interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean }[];
  auth: { key: string; kind: string; in?: string; name?: string }[];
  bodyType?: string;
  ui?: Partial<typeof ENGLISH>;
}

const ENGLISH = {
  sending: 'Sending…', requestFailed: 'Request failed', missingParameters: 'Missing required parameters: {names}', invalidJson: 'The body is not valid JSON: {error}',
  corsHint: 'The server must be reachable from this browser and allow cross-origin requests (CORS) from this site.',
};

const word = (op: Operation, w: keyof typeof ENGLISH) => (op.ui && op.ui[w]) || ENGLISH[w];

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const AUTH_PREFIX = 'quire-api-auth:';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // refused (sandboxed frame): credentials are then not kept at all
  }
}

/** Base64 of the UTF-8 bytes of `s` (Basic credentials). */
function b64(s: string): string {
  try {
    return btoa(unescape(encodeURIComponent(s)));
  } catch {
    // not valid UTF-16 (a lone surrogate): encoded as Latin-1 as it stands
    return btoa(s);
  }
}

function field(form: HTMLFormElement, name: string): Field | null {
  for (const el of Array.from(form.elements)) if ((el as Field).name === name) return el as Field;
  return null;
}

const value = (el: Field | null) => (el ? el.value : '');
const pair = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
const setCookie = (k: string, v: string) => {
  document.cookie = `${pair(k, v)};path=/;SameSite=Lax`;
};

function rememberCredentials(form: HTMLFormElement): void {
  const ss = sessionStore();
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement>('[name^="auth:"]'))) {
    if (ss) {
      const kept = ss.getItem(AUTH_PREFIX + el.name);
      if (kept && !el.value) el.value = kept;
    }
    el.addEventListener('change', () => {
      if (!ss) return;
      if (el.value) ss.setItem(AUTH_PREFIX + el.name, el.value);
      else ss.removeItem(AUTH_PREFIX + el.name);
    });
  }
}

/** The request the form describes, or the message of what is missing or wrong. */
function buildRequest(form: HTMLFormElement, op: Operation): { url: string; init: RequestInit } | { error: string } {
  const custom = value(field(form, 'server-custom')).trim();
  const server = (custom || value(field(form, 'server'))).replace(/\/+$/, '');
  let path = op.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const missing: string[] = [];
  for (const p of op.parameters) {
    const v = value(field(form, `param:${p.in}:${p.name}`));
    if (v === '') {
      if (p.required) missing.push(p.name);
      continue;
    }
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(v));
    else if (p.in === 'query') query.push(pair(p.name, v));
    else if (p.in === 'header') headers[p.name] = v;
    else if (p.in === 'cookie') setCookie(p.name, v);
  }
  if (missing.length) return { error: word(op, 'missingParameters').replace('{names}', missing.join(', ')) };
  for (const a of op.auth) {
    if (a.kind === 'basic') {
      const user = field(form, `auth:${a.key}:username`);
      const password = field(form, `auth:${a.key}:password`);
      if (user && user.value) headers['Authorization'] = `Basic ${b64(`${user.value}:${value(password)}`)}`;
      continue;
    }
    const el = field(form, `auth:${a.key}:value`);
    if (!el || !el.value) continue;
    if (a.kind === 'apiKey') {
      if (a.in === 'query') query.push(pair(a.name ?? '', el.value));
      else if (a.in === 'header') headers[a.name ?? ''] = el.value;
      else setCookie(a.name ?? '', el.value);
    } else headers['Authorization'] = `Bearer ${el.value}`;
  }
  const init: RequestInit = { method: op.method, headers };
  const bodyEl = field(form, 'body');
  if (bodyEl && op.bodyType && op.method !== 'GET' && op.method !== 'HEAD') {
    const body = requestBody(bodyEl.value, op.bodyType, headers, word(op, 'invalidJson'));
    if ('error' in body) return body;
    init.body = body.body;
  }
  const url = server + path + (query.length ? (path.indexOf('?') < 0 ? '?' : '&') + query.join('&') : '');
  return { url, init };
}

/** The body as `type` wants it; form types are written as a JSON object in the form. */
function requestBody(text: string, type: string, headers: Record<string, string>, invalidJson: string): { body: BodyInit } | { error: string } {
  if (/json/i.test(type)) {
    if (text.trim()) {
      try {
        JSON.parse(text);
      } catch (e) {
        return { error: invalidJson.replace('{error}', (e as Error).message) };
      }
    }
    headers['Content-Type'] = type;
    return { body: text };
  }
  if (/form/i.test(type)) {
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(text || '{}') as Record<string, unknown>;
    } catch (e) {
      return { error: `Write the form fields as a JSON object: ${(e as Error).message}` };
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    if (/multipart/i.test(type)) {
      const fd = new FormData();
      for (const k of Object.keys(obj)) fd.append(k, str(obj[k]));
      return { body: fd };
    }
    headers['Content-Type'] = type;
    return { body: Object.keys(obj).map((k) => pair(k, str(obj[k]))).join('&') };
  }
  headers['Content-Type'] = type;
  return { body: text };
}

function setup(root: Element): void {
  const dataEl = root.querySelector('script[data-api-operation]');
  const form = root.querySelector('form');
  if (!dataEl || !form) return;
  let op: Operation;
  try {
    op = JSON.parse(dataEl.textContent || '{}') as Operation;
  } catch {
    return; // written by the exporter; a page edited by hand only loses its playground
  }
  rememberCredentials(form);
  const out = root.querySelector<HTMLElement>('.api-pg-response')!;
  const err = root.querySelector<HTMLElement>('.api-pg-error')!;
  const send = root.querySelector<HTMLButtonElement>('.api-pg-send')!;
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const request = buildRequest(form, op);
    if ('error' in request) {
      err.textContent = request.error;
      return;
    }
    const status = out.querySelector<HTMLElement>('[data-status]')!;
    const time = out.querySelector<HTMLElement>('[data-time]')!;
    const headerList = out.querySelector<HTMLElement>('[data-headers]')!;
    const body = out.querySelector<HTMLElement>('[data-body]')!;
    out.hidden = false;
    status.textContent = word(op, 'sending');
    status.className = 'api-pg-status';
    time.textContent = '';
    headerList.textContent = '';
    body.textContent = '';
    send.disabled = true;
    const started = performance.now();
    void fetch(request.url, request.init).then((res) => res.text().then((text) => {
      const ms = Math.round(performance.now() - started);
      status.textContent = res.status + (res.statusText ? ` ${res.statusText}` : '');
      status.className = `api-pg-status api-pg-status-${String(res.status).charAt(0)}xx`;
      time.textContent = `${ms} ms`;
      const lines: string[] = [];
      res.headers.forEach((v, k) => lines.push(`${k}: ${v}`));
      headerList.textContent = lines.join('\n');
      let pretty = text;
      try {
        if (text.trim()) pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      body.textContent = pretty;
    })).catch((e: unknown) => {
      status.textContent = word(op, 'requestFailed');
      status.className = 'api-pg-status api-pg-status-error';
      time.textContent = `${Math.round(performance.now() - started)} ms`;
      const message = (e && (e as Error).message) || e;
      body.textContent = `${String(message)}\n\n${word(op, 'corsHint')}`;
    }).then(() => {
      send.disabled = false;
    });
  });
}

function init(): void {
  for (const root of Array.from(document.querySelectorAll('[data-api-playground]'))) setup(root);
  initChannelPlaygrounds();
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
