/**
 * End to end: the fixture site exported by exportSite, served from 127.0.0.1, opened in
 * headless Chromium; the playground of two endpoint pages is filled and sent to a small
 * API server on 127.0.0.1 (with CORS), and its status and body appear on the page.
 * Every request the browser makes must stay on 127.0.0.1.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import serveStatic from 'serve-static';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { FIXTURES } from './helpers.js';

/** Runs in the page (a string: the project compiles without the DOM library). */
const statusShown = `/^\\d{3}/.test(document.querySelector('[data-status]')?.textContent ?? '')`;

interface Received { method: string; url: string; headers: IncomingMessage['headers']; body: string }

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('API playground in a real browser', () => {
  let dir = '';
  let api: Server;
  let site: Server;
  let apiUrl = '';
  let siteUrl = '';
  let browser: Browser;
  const received: Received[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quire-oa-e2e-'));
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*, authorization', 'access-control-allow-methods': 'GET, POST, DELETE', 'access-control-expose-headers': 'x-total' };
        if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const u = new URL(req.url!, 'http://x');
        const pathname = u.pathname.replace(/^\/alt/, ''); // a second address of the same API
        const pet = /^\/v1\/pets\/(\d+)$/.exec(pathname);
        if (req.method === 'GET' && pet) return res.writeHead(200, { ...cors, 'content-type': 'application/json', 'x-total': '1' }).end(JSON.stringify({ id: Number(pet[1]), name: 'Rex', keyUsed: u.searchParams.get('api_key') }));
        if (req.method === 'POST' && pathname === '/v1/pets') return res.writeHead(201, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ id: 7, ...JSON.parse(body) }));
        res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end('{"error":"Not found"}');
      });
    });
    apiUrl = await listen(api);
    const root = path.join(dir, 'site');
    cpSync(path.join(FIXTURES, 'site'), root, { recursive: true });
    const docFile = path.join(root, 'openapi/petstore.json');
    const doc = JSON.parse(readFileSync(docFile, 'utf8')) as { servers?: { url: string }[] };
    doc.servers = [{ url: `${apiUrl}/v1` }];
    writeFileSync(docFile, JSON.stringify(doc));
    const out = path.join(dir, 'out');
    const report = await exportSite({ root, outDir: out, deployment: 'cloud', workers: 1 });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.features['api-playground']).toEqual({ included: true });
    expect(report.files).toContain('api/get-pet.html');
    const serve = serveStatic(out, { extensions: ['html'] });
    site = createServer((req, res) => { serve(req, res, () => { res.writeHead(404).end(); }); });
    siteUrl = await listen(site);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([api, site].filter(Boolean).map((s) => new Promise<void>((r) => s.close(() => r()))));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends GET with a path parameter and an API key in the query, and shows status, headers and body', async () => {
    const page = await browser.newPage();
    const hosts = new Set<string>();
    const errors: string[] = [];
    page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
    // Chromium asks for /favicon.ico on its own when a site has none; that is not the page's doing.
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto(`${siteUrl}/api/get-pet.html`);
    // The MDX content of the page sits above the reference.
    await expect(page.locator('.api-content').innerText()).resolves.toContain('Responses carry an ETag');
    await page.click('.api-try');
    await page.fill('[name="param:path:petId"]', '7');
    await page.fill('[name="auth:apiKeyQuery:value"]', 'secret-key');
    await page.dispatchEvent('[name="auth:apiKeyQuery:value"]', 'change');
    await page.click('.api-pg-send');
    await page.waitForFunction(statusShown);
    expect(await page.textContent('[data-status]')).toBe('200 OK');
    expect(JSON.parse((await page.textContent('[data-body]'))!)).toEqual({ id: 7, name: 'Rex', keyUsed: 'secret-key' });
    expect(await page.textContent('[data-body]')).toContain('\n  "name": "Rex"'); // pretty-printed
    expect(await page.textContent('[data-headers]')).toContain('x-total: 1');
    expect(await page.textContent('[data-time]')).toMatch(/^\d+ ms$/);
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/v1/pets/7?api_key=secret-key' });
    // Credentials stay in session storage, nowhere else.
    const storage = await page.evaluate<{ session: Record<string, string>; local: Record<string, string> }>('({ session: { ...sessionStorage }, local: { ...localStorage } })');
    expect(storage.session).toMatchObject({ 'quire-api-auth:auth:apiKeyQuery:value': 'secret-key' });
    expect(JSON.stringify(storage.local)).not.toContain('secret-key');
    expect(errors).toEqual([]);
    expect([...hosts]).toEqual(['127.0.0.1']);
    await page.close();
  });

  it('sends POST with basic auth and the edited JSON body to another server typed in', async () => {
    const page = await browser.newPage();
    const hosts = new Set<string>();
    page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
    await page.goto(`${siteUrl}/api-reference/pets/create-a-pet.html`);
    await page.click('.api-try');
    expect(JSON.parse(await page.inputValue('textarea[name="body"]'))).toEqual({ name: 'Rex', tag: 'dog' }); // seeded with the example
    await page.fill('[name="auth:basicAuth:username"]', 'ann');
    await page.fill('[name="auth:basicAuth:password"]', 'pw');
    await page.fill('textarea[name="body"]', '{"name": "Tom", "tag": "cat"}');
    await page.fill('[name="server-custom"]', `${apiUrl}/alt/v1/`);
    await page.click('.api-pg-send');
    await page.waitForFunction(statusShown);
    expect(await page.textContent('[data-status]')).toBe('201 Created');
    expect(JSON.parse((await page.textContent('[data-body]'))!)).toEqual({ id: 7, name: 'Tom', tag: 'cat' });
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/alt/v1/pets', body: '{"name": "Tom", "tag": "cat"}' });
    expect(last.headers.authorization).toBe(`Basic ${Buffer.from('ann:pw').toString('base64')}`);
    expect(last.headers['content-type']).toBe('application/json');
    // Invalid JSON is caught in the page and nothing is sent.
    const count = received.length;
    await page.fill('textarea[name="body"]', '{"name": ');
    await page.click('.api-pg-send');
    await expect(page.textContent('.api-pg-error')).resolves.toMatch(/not valid JSON/);
    expect(received.length).toBe(count);
    expect([...hosts]).toEqual(['127.0.0.1']);
    await page.close();
  });
});
