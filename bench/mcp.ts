/**
 * `npx tsx bench/mcp.ts`: cost of one `/mcp` request of `quire host`. The multilingual
 * fixture is exported, packed and served by a real host in this process; BENCH_REQUESTS
 * (default 2000) POSTs of `tools/list` and of a `search_docs` call are sent one after
 * another over keep-alive, BENCH_CONCURRENCY (default 4) at a time. Prints requests/s and
 * the process's CPU time per request (user+sys, client included), the figure to compare
 * between two versions in the same batch.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startHost } from '../src/host/host.js';
import { resolveHostConfig } from '../src/host/config.js';
import { exportSite } from '../src/render/export-site.js';
import { packBundle } from '../src/render/bundle/pack.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const FIXTURE = new URL('../test/fixtures/sites/multilingual', import.meta.url).pathname;
const BODIES = {
  'tools/list': '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  'search_docs': '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_docs","arguments":{"query":"deploy","limit":3}}}',
};

function post(url: URL, agent: Agent, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const dir = await mkdtemp(join(tmpdir(), 'quire-bench-mcp-'));
try {
  const site = join(dir, 'site');
  await exportSite({ root: FIXTURE, outDir: site, workers: 0 });
  const bundle = join(dir, 'site.tar.gz');
  await packBundle({ siteDir: site, outFile: bundle, jobId: 'se_bench0000000000', domain: 'docs.example.com', version: null, createdAt: '2026-11-01T10:00:00.000Z', engineVersion: 'bench' });
  const config = resolveHostConfig({ staticExport: { bundleUrl: bundle }, port: 0, cacheDir: join(dir, 'cache'), logLevel: 'error' }, dir).config;
  const host = await startHost(config, { logger: pino({ level: 'error' }) });
  while (!host.current()) await new Promise((r) => setTimeout(r, 20));
  const url = new URL(host.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (const [name, body] of Object.entries(BODIES)) {
    // Warm-up: modules, JIT, the site's search engine.
    for (let i = 0; i < 50; i++) await post(url, agent, body);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) if ((await post(url, agent, body)) !== 200) failed++;
    }));
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(`${name.padEnd(11)} ${REQUESTS} requests: ${Math.round((REQUESTS / ms) * 1000)} req/s, CPU ${((used.user + used.system) / 1000 / REQUESTS).toFixed(3)} ms/request${failed ? `, ${failed} not 200` : ''}`);
  }
  agent.destroy();
  await host.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
