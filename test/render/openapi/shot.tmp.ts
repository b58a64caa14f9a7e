import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import serveStatic from 'serve-static';
const serve = serveStatic('/tmp/oa-out', { extensions: ['html'] });
const server = createServer((req, res) => serve(req as never, res as never, () => { res.statusCode = 404; res.end(); }));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1800 } });
for (const [p, f] of [['api-reference/pets/post-pets', 'post'], ['api/get-pet', 'getpet']]) {
  await page.goto(`http://127.0.0.1:${port}/${p}`);
  await page.click('.api-try');
  await page.screenshot({ path: `/tmp/shot-${f}.png`, fullPage: false });
}
await browser.close(); server.close();
