/**
 * API pages on a multilingual site, end to end: an English and a French part each carry
 * the same OpenAPI and AsyncAPI documents (the French ones under `fr/api-reference`, as
 * Mintlify's own docs do). The export's French pages say the reference's and the
 * playgrounds' words in French, the English ones in English; in headless Chromium the
 * channel page's WebSocket playground connects to a real WebSocket server on 127.0.0.1
 * (address, parameters and query from the document and the form), sends the message's
 * example, shows what arrives and the connection's state, and disconnects; a refused
 * connection and a missing parameter are said, in the page's language.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { startWebSocketServer, type WsServer } from '../../helpers/websocket-server.js';
import { serveStatic, type StaticServer } from '../e2e/static-server.js';
import { tempDir, type TempDir } from '../site/make-site.js';

const OPENAPI = `openapi: 3.0.3
info: { title: Pets, version: "1" }
servers: [{ url: "http://127.0.0.1:9/v1" }]
security: [{ petKey: [] }]
components: { securitySchemes: { petKey: { type: apiKey, in: header, name: X-Pet-Key } } }
paths:
  /pets/{petId}:
    get:
      tags: [Pets]
      summary: Get a pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string, example: "7" } }
      responses:
        "200":
          description: The pet.
          content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string }, owner: { type: object, properties: { id: { type: integer } } } } } } }
        "404": { description: No such pet. }
`;

const asyncapi = (wsHost: string) => `asyncapi: 3.0.0
info: { title: Rooms, version: "1" }
servers:
  local:
    host: ${wsHost}
    protocol: ws
    security: [{ $ref: "#/components/securitySchemes/roomKey" }, { $ref: "#/components/securitySchemes/signedHeader" }]
  events: { host: kafka.internal:9092, protocol: kafka }
channels:
  chat:
    title: Chat room
    tags: [{ name: Chat }]
    address: rooms/{roomId}
    parameters:
      roomId: { description: The room, examples: ["42"] }
    bindings:
      ws: { query: { type: object, properties: { token: { type: string } } } }
    messages:
      postMessage:
        title: Post a message
        payload: { type: object, required: [text], properties: { text: { type: string } } }
        examples: [{ payload: { text: Hello room } }]
      roomEvent:
        title: Room event
        payload: { type: object, properties: { kind: { type: string } } }
operations:
  postToRoom: { action: receive, channel: { $ref: "#/channels/chat" }, messages: [{ $ref: "#/channels/chat/messages/postMessage" }] }
  roomEvents: { action: send, channel: { $ref: "#/channels/chat" }, messages: [{ $ref: "#/channels/chat/messages/roomEvent" }] }
components:
  securitySchemes:
    roomKey: { type: httpApiKey, in: query, name: apiKey }
    signedHeader: { type: httpApiKey, in: header, name: X-Room-Key }
`;

const DOCS = {
  name: 'Rooms', colors: { primary: '#0f766e' },
  navigation: { languages: [
    { language: 'en', groups: [{ group: 'Start', pages: ['index'] }, { group: 'API', openapi: 'openapi.yaml' }, { group: 'Streams', asyncapi: 'streams.yaml' }] },
    { language: 'fr', groups: [
      { group: 'Démarrer', pages: ['fr/index'] },
      { group: 'API', openapi: { source: 'openapi.yaml', directory: 'fr/api-reference' } },
      { group: 'Flux', asyncapi: { source: 'streams.yaml', directory: 'fr/api-reference' } },
    ] },
  ] },
};

/** Runs in the page (a string: the project compiles without the DOM library). */
const overflow = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';

describe('API pages of a multilingual site', () => {
  let tmp: TempDir;
  let out = '';
  let ws: WsServer;
  let site: StaticServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    // Says hello on connect and echoes every text back inside a JSON object.
    ws = await startWebSocketServer((conn, text) => conn.send(JSON.stringify({ echo: text })), (conn) => conn.send('{"kind":"joined"}'));
    tmp = tempDir('quire-api-i18n-');
    const root = join(tmp.path, 'docs');
    mkdirSync(join(root, 'fr'), { recursive: true });
    writeFileSync(join(root, 'docs.json'), JSON.stringify(DOCS));
    writeFileSync(join(root, 'openapi.yaml'), OPENAPI);
    writeFileSync(join(root, 'streams.yaml'), asyncapi(ws.url.slice('ws://'.length)));
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nRooms and pets.\n');
    writeFileSync(join(root, 'fr/index.mdx'), '---\ntitle: Accueil\n---\n\nDes salons et des animaux.\n');
    out = join(tmp.path, 'out');
    const report = await exportSite({ root, outDir: out, workers: 0 });
    expect(report.diagnostics).toEqual([]);
    site = await serveStatic(out, '/');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await ws?.close();
    tmp?.cleanup();
  });

  const read = (page: string) => readFileSync(join(out, `${page}.html`), 'utf8');

  it('writes the French endpoint and channel pages in French and the English ones in English', () => {
    const fr = read('fr/api-reference/pets/get-a-pet');
    expect(fr).toContain('<html lang="fr"');
    for (const word of ['>Essayer</summary>', '>Paramètres de chemin<', '>Réponse<', '<span class="api-status-text">Introuvable</span>', '>obligatoire</span>',
      '>Afficher les attributs enfants</summary>', '>Autorisations<', 'Clé d’API envoyée dans l’en-tête <code>X-Pet-Key</code>.', 'aria-label="Exemples de requête"', '<span class="q-code-copy-label">Copier</span>', '>Envoyer</button>', '"missingParameters":"Paramètres obligatoires manquants : {names}"',
      'aria-label="Lien vers cette section"', 'placeholder="clé d’API"']) {
      expect(fr).toContain(word);
    }
    for (const english of ['Try it', 'Path parameters', '>Response<', 'Not Found', '>required<', 'Show child attributes', '>Copy<', 'API key sent', 'Link to this section', 'Media types of', 'placeholder="API key"']) expect(fr).not.toContain(english);
    const en = read('api-reference/pets/get-a-pet');
    for (const word of ['>Try it</summary>', '>Path parameters<', '>Not Found</span>', '<span class="q-code-copy-label">Copy</span>']) expect(en).toContain(word);
    // English pages carry no word list for the script: it has its own.
    expect(en).not.toContain('"missingParameters"');
    const channel = read('fr/api-reference/chat/chat-room');
    for (const word of ['>Envoyer<a', '>Recevoir<a', '>Charge utile<', '>Se connecter</button>', '>Déconnecté</span>', 'Aucun message pour l’instant.', 'X-Room-Key']) expect(channel).toContain(word);
    // Ids stay those of Mintlify's pages whatever the language, so deep links work in every language.
    expect(channel).toContain('id="send"');
    expect(read('api-reference/chat/chat-room')).toContain('>Connect</button>');
  });

  async function openChannel(path: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
    page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${site.url}${path}.html`);
    await page.locator('[data-ws-playground] > summary').click();
    return page;
  }

  it('connects to the WebSocket server, sends the example, shows what arrives, and disconnects', async () => {
    const page = await openChannel('api-reference/chat/chat-room');
    const state = page.locator('[data-ws-state]');
    // Only the ws server is offered; the Kafka one has no WebSocket address.
    expect(await page.locator('select[name="server"] option').allTextContents()).toEqual([`${ws.url}/rooms/{roomId}`]);
    expect(await page.inputValue('input[name="param:roomId"]')).toBe('42');
    await page.fill('input[name="query:token"]', 'tok en');
    await page.fill('input[name="query:apiKey"]', 'k1');
    const before = ws.connections.length;
    await page.locator('[data-ws-connect]').click();
    await expect.poll(() => state.textContent()).toBe('Connected');
    const conn = ws.connections[before];
    expect(conn.url).toBe('/rooms/42?token=tok%20en&apiKey=k1');
    expect(conn.origin).toBe(site.url.replace(/\/$/, ''));
    await expect.poll(() => page.locator('.api-ws-entry[data-dir="received"] pre').first().textContent()).toBe('{\n  "kind": "joined"\n}');
    expect(await page.inputValue('[data-ws-send-form] textarea')).toBe('{\n  "text": "Hello room"\n}');
    await page.locator('[data-ws-send]').click();
    await expect.poll(() => conn.received.map((t) => JSON.parse(t) as unknown)).toEqual([{ text: 'Hello room' }]);
    await expect.poll(() => page.locator('.api-ws-entry').count()).toBe(3);
    // Newest first: the echo, what was sent, the greeting.
    expect(await page.locator('.api-ws-entry').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { dir: string } }).dataset.dir))).toEqual(['received', 'sent', 'received']);
    expect(await page.locator('.api-ws-entry pre').first().textContent()).toContain('"echo": "{\\n  \\"text\\": \\"Hello room\\"\\n}"');
    await page.locator('[data-ws-disconnect]').click();
    expect(await state.textContent()).toBe('Disconnected');
    await expect.poll(() => conn.closeCode).toBe(1000);
    expect(await page.locator('[data-ws-send]').isDisabled()).toBe(true);
    await page.close();
  });

  it('says a refused connection and a missing parameter, in French on the French page', async () => {
    const page = await openChannel('fr/api-reference/chat/chat-room');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.locator('[data-ws-playground] > summary').textContent()).toBe('Essayer');
    await page.locator('[data-ws-connect]').click();
    await expect.poll(() => page.locator('[data-ws-state]').textContent()).toBe('Connecté');
    await expect.poll(() => page.locator('.api-ws-entry-head').first().textContent()).toMatch(/^Reçu · /);
    await page.locator('[data-ws-disconnect]').click();
    // Nothing listens on port 9 of the loopback address.
    await page.fill('input[name="server-custom"]', 'ws://127.0.0.1:9');
    await page.locator('[data-ws-connect]').click();
    await expect.poll(() => page.locator('[data-ws-state]').textContent()).toBe('Échec de la connexion');
    await page.fill('input[name="param:roomId"]', '');
    await page.locator('[data-ws-connect]').click();
    expect(await page.locator('[data-ws-connect-form] .api-pg-error').textContent()).toBe('Paramètres obligatoires manquants : roomId');
    await page.close();
    // The endpoint page's playground script speaks French too.
    const api = await browser.newPage();
    api.on('pageerror', (e) => errors.push(e.message));
    await api.goto(`${site.url}fr/api-reference/pets/get-a-pet.html`);
    await api.locator('[data-api-playground] > summary').click();
    await api.fill('input[name="param:path:petId"]', '');
    await api.locator('.api-pg-send').click();
    expect(await api.locator('.api-pg-error').textContent()).toBe('Paramètres obligatoires manquants : petId');
    await api.close();
  });

  it('fits a 390 px screen in light and dark mode with the playground open, with no page error', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openChannel('fr/api-reference/chat/chat-room', { width: 390, colorScheme });
      expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
      const box = await page.locator('[data-ws-connect]').boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      await page.close();
    }
    expect(errors).toEqual([]);
  });
});
