/**
 * The WebSocket playground of AsyncAPI channel pages (bundled into the API playground
 * script). It reads the channel's data (JSON, never evaluated), builds the address from
 * the chosen server, the channel's parameters and the query parameters, opens a
 * WebSocket from the browser, and lists what is sent and received with the connection's
 * state. Nothing is kept after the page closes.
 */

/** The JSON of `<script data-ws-channel>`: ChannelPlaygroundData of openapi/channel-playground-html.ts. */
interface Channel {
  servers: { id: string; url: string }[];
  address: string;
  parameters: { name: string; required: boolean }[];
  query: string[];
  messages: { title: string; text: string }[];
  ui?: Partial<Record<Word, string>>;
}

const ENGLISH = {
  connect: 'Connect', connecting: 'Connecting…', connected: 'Connected', disconnected: 'Disconnected',
  connectionFailed: 'Connection failed', closed: 'Closed ({code})', sent: 'Sent', received: 'Received',
  missingParameters: 'Missing required parameters: {names}', notWebSocket: '{url} is not a ws:// or wss:// address',
};
type Word = keyof typeof ENGLISH;

/** Messages shown at most: a busy feed would otherwise grow the page without end. */
const MAX_ENTRIES = 200;

function inputValue(form: HTMLFormElement, name: string): string {
  for (const el of Array.from(form.elements)) if ((el as HTMLInputElement).name === name) return (el as HTMLInputElement).value;
  return '';
}

/** The address the form describes, or what is missing or wrong. */
function socketUrl(form: HTMLFormElement, ch: Channel, word: (w: Word) => string): { url: string } | { error: string } {
  const custom = inputValue(form, 'server-custom').trim();
  let url = custom ? custom.replace(/\/+$/, '') + (ch.address && !ch.address.startsWith('/') ? '/' : '') + ch.address : ch.servers[Number(inputValue(form, 'server')) || 0]?.url ?? '';
  const missing: string[] = [];
  for (const p of ch.parameters) {
    const v = inputValue(form, `param:${p.name}`);
    if (v === '' && p.required) missing.push(p.name);
    url = url.split(`{${p.name}}`).join(encodeURIComponent(v));
  }
  if (missing.length) return { error: word('missingParameters').replace('{names}', missing.join(', ')) };
  const query = ch.query.map((name) => [name, inputValue(form, `query:${name}`)]).filter(([, v]) => v !== '');
  if (query.length) url += (url.indexOf('?') < 0 ? '?' : '&') + query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  // Only WebSocket addresses: an http(s) one typed in is the same host's WebSocket endpoint.
  url = url.replace(/^http(s?):\/\//i, 'ws$1://');
  if (!/^wss?:\/\//i.test(url)) return { error: word('notWebSocket').replace('{url}', url || '""') };
  return { url };
}

/** A received message pretty-printed when it is JSON, as it came otherwise. */
function shown(data: unknown): string {
  if (typeof data !== 'string') return `(${data instanceof Blob ? `${data.size} bytes` : 'binary'})`;
  try {
    return data.trim() ? JSON.stringify(JSON.parse(data), null, 2) : data;
  } catch {
    // not JSON: shown as it came
    return data;
  }
}

function setup(root: Element): void {
  const dataEl = root.querySelector('script[data-ws-channel]');
  const connectForm = root.querySelector<HTMLFormElement>('[data-ws-connect-form]');
  const sendForm = root.querySelector<HTMLFormElement>('[data-ws-send-form]');
  if (!dataEl || !connectForm || !sendForm) return;
  let ch: Channel;
  try {
    ch = JSON.parse(dataEl.textContent || '{}') as Channel;
  } catch {
    return; // written by the exporter; a page edited by hand only loses its playground
  }
  const word = (w: Word) => (ch.ui && ch.ui[w]) || ENGLISH[w];
  const state = root.querySelector<HTMLElement>('[data-ws-state]')!;
  const error = connectForm.querySelector<HTMLElement>('.api-pg-error')!;
  const connectBtn = root.querySelector<HTMLButtonElement>('[data-ws-connect]')!;
  const disconnectBtn = root.querySelector<HTMLButtonElement>('[data-ws-disconnect]')!;
  const sendBtn = root.querySelector<HTMLButtonElement>('[data-ws-send]')!;
  const log = root.querySelector<HTMLElement>('[data-ws-log]')!;
  const text = sendForm.querySelector<HTMLTextAreaElement>('textarea')!;
  const choice = sendForm.querySelector<HTMLSelectElement>('select');
  let socket: WebSocket | null = null;

  const setState = (name: string, label: string) => {
    state.dataset.state = name;
    state.textContent = label;
    const open = name === 'open';
    const busy = name === 'open' || name === 'connecting';
    connectBtn.hidden = busy;
    disconnectBtn.hidden = !busy;
    sendBtn.disabled = !open;
  };
  const add = (dir: 'sent' | 'received', body: string) => {
    log.querySelector('.api-ws-empty')?.remove();
    const item = document.createElement('li');
    item.className = 'api-ws-entry';
    item.dataset.dir = dir;
    const head = document.createElement('div');
    head.className = 'api-ws-entry-head';
    head.textContent = `${word(dir)} · ${new Date().toLocaleTimeString()}`;
    const pre = document.createElement('pre');
    pre.textContent = body;
    item.append(head, pre);
    log.prepend(item);
    while (log.children.length > MAX_ENTRIES) log.lastElementChild!.remove();
  };

  choice?.addEventListener('change', () => {
    text.value = ch.messages[Number(choice.value)]?.text ?? '';
  });
  connectForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    error.textContent = '';
    const target = socketUrl(connectForm, ch, word);
    if ('error' in target) {
      error.textContent = target.error;
      return;
    }
    let ws: WebSocket;
    try {
      ws = new WebSocket(target.url);
    } catch (e) {
      error.textContent = String((e as Error).message || e);
      return;
    }
    socket = ws;
    setState('connecting', word('connecting'));
    let failed = false;
    ws.addEventListener('open', () => ws === socket && setState('open', word('connected')));
    ws.addEventListener('message', (e: MessageEvent) => ws === socket && add('received', shown(e.data)));
    ws.addEventListener('error', () => {
      failed = ws.readyState !== WebSocket.OPEN;
    });
    ws.addEventListener('close', (e: CloseEvent) => {
      if (ws !== socket) return;
      socket = null;
      // A socket that never opened failed (refused, wrong address, blocked mixed content).
      if (failed) setState('failed', word('connectionFailed'));
      else setState('closed', word('closed').replace('{code}', `${e.code}${e.reason ? ` ${e.reason}` : ''}`));
    });
  });
  disconnectBtn.addEventListener('click', () => {
    const ws = socket;
    socket = null;
    ws?.close(1000);
    setState('closed', word('disconnected'));
  });
  sendForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(text.value);
    add('sent', shown(text.value));
  });
}

export function initChannelPlaygrounds(): void {
  for (const root of Array.from(document.querySelectorAll('[data-ws-playground]'))) setup(root);
}
