/**
 * Benchmark of API reference pages: `npm run bench:openapi [-- --ops 500 --pages 500]`.
 * Generates a deterministic OpenAPI 3.1 document with N operations (tags, shared and
 * recursive schemas, oneOf with a discriminator, parameters in every location, request
 * bodies, several responses, security schemes) and a site whose one group carries it,
 * plus an ordinary site of the same number of pages from ../shared/corpus/gen-site.mjs
 * (with components). Both are exported cold by exportSite; prints the pages/s of the
 * whole export and of the render phase for each, and the ratio (target: API pages at
 * least half the pages/s of ordinary pages).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exportSite } from '../src/render/export-site.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const RESOURCES = ['users', 'projects', 'invoices', 'orders', 'teams', 'webhooks', 'files', 'comments', 'labels', 'events',
  'tokens', 'domains', 'releases', 'builds', 'deployments', 'alerts', 'reports', 'metrics', 'secrets', 'regions'];

function schemas(): Record<string, unknown> {
  return {
    Meta: { type: 'object', properties: { createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' }, version: { type: 'integer', minimum: 1 } } },
    Address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{5}$' }, country: { type: 'string', enum: ['FR', 'DE', 'US', 'JP'] } } },
    Owner: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, email: { type: 'string', format: 'email' }, address: { $ref: '#/components/schemas/Address' } } },
    Folder: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Folder' }, children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } } } },
    CardPayment: { type: 'object', required: ['method'], properties: { method: { const: 'card' }, last4: { type: 'string', minLength: 4, maxLength: 4 } } },
    BankPayment: { type: 'object', required: ['method'], properties: { method: { const: 'bank' }, iban: { type: 'string' } } },
    Payment: { oneOf: [{ $ref: '#/components/schemas/CardPayment' }, { $ref: '#/components/schemas/BankPayment' }], discriminator: { propertyName: 'method', mapping: { card: '#/components/schemas/CardPayment', bank: '#/components/schemas/BankPayment' } } },
    Error: { type: 'object', required: ['error'], properties: { error: { type: 'string', examples: ['Not found'] }, details: { type: 'array', items: { type: 'string' } } } },
    ...Object.fromEntries(RESOURCES.map((r, i) => [`${r[0].toUpperCase()}${r.slice(1, -1)}`, {
      type: 'object', required: ['id', 'name'], description: `A ${r.slice(0, -1)} of the workspace. See **the guide** for details.`,
      allOf: [{ $ref: '#/components/schemas/Meta' }],
      properties: {
        id: { type: 'string', format: 'uuid', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 120, examples: [`My ${r.slice(0, -1)}`] },
        status: { type: 'string', enum: ['active', 'paused', 'archived'], default: 'active' }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        owner: { $ref: '#/components/schemas/Owner' }, quota: { type: ['integer', 'null'], minimum: 0 },
        ...(i % 4 === 0 ? { folder: { $ref: '#/components/schemas/Folder' } } : {}), ...(i % 5 === 0 ? { payment: { $ref: '#/components/schemas/Payment' } } : {}),
        settings: { type: 'object', additionalProperties: { type: 'string' } },
      },
    }])),
  };
}

/** A deterministic OpenAPI 3.1 document with `count` operations. */
export function generateOpenApi(count: number): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const kinds = ['list', 'create', 'get', 'update', 'delete'] as const;
  for (let n = 0; n < count; n++) {
    const resource = RESOURCES[n % RESOURCES.length];
    const kind = kinds[Math.floor(n / RESOURCES.length) % kinds.length];
    const group = Math.floor(n / (RESOURCES.length * kinds.length));
    const base = `/v1/g${group}/${resource}`;
    const schema = { $ref: `#/components/schemas/${resource[0].toUpperCase()}${resource.slice(1, -1)}` };
    const errors = { 404: { description: 'Not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }, 429: { description: 'Too many requests', headers: { 'Retry-After': { schema: { type: 'integer' } } } } };
    const tags = [resource];
    const common = { tags, operationId: `${kind}${resource}${group}`, summary: `${kind[0].toUpperCase()}${kind.slice(1)} ${resource} (${group})`, description: `Operation ${n} on **${resource}**. Pagination uses the \`cursor\` parameter; see [the guide](/guide).` };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
    const header = { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } };
    if (kind === 'list') paths[base] = { ...paths[base], get: { ...common, parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } }, header], responses: { 200: { description: 'A page', content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: schema }, next: { type: ['string', 'null'] } } } } } }, ...errors } } };
    if (kind === 'create') paths[base] = { ...paths[base], post: { ...common, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { 201: { description: 'Created', content: { 'application/json': { schema } } }, 422: errors[404] } } };
    const item = `${base}/{id}`;
    if (kind === 'get') paths[item] = { ...paths[item], get: { ...common, parameters: [idParam, header], responses: { 200: { description: 'The item', content: { 'application/json': { schema } } }, ...errors } } };
    if (kind === 'update') paths[item] = { ...paths[item], patch: { ...common, security: [{ apiKey: [] }], parameters: [idParam], requestBody: { content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } }, responses: { 200: { description: 'Updated', content: { 'application/json': { schema } } }, ...errors } } };
    if (kind === 'delete') paths[item] = { ...paths[item], delete: { ...common, deprecated: n % 3 === 0, parameters: [idParam, { name: 'session', in: 'cookie', schema: { type: 'string' } }], responses: { 204: { description: 'Deleted' }, ...errors } } };
  }
  return {
    openapi: '3.1.0', info: { title: 'Benchmark API', version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }],
    tags: RESOURCES.map((name) => ({ name })), security: [{ bearer: [] }], paths,
    components: { schemas: schemas(), securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  };
}

/** Writes a site whose one group carries the generated document. */
export function writeOpenApiSite(dir: string, ops: number): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(generateOpenApi(ops), null, 2));
  writeFileSync(join(dir, 'guide.mdx'), '---\ntitle: Guide\n---\n\nHow to use the API.\n');
  writeFileSync(join(dir, 'docs.json'), JSON.stringify({
    name: 'Benchmark API', colors: { primary: '#2563eb' },
    navigation: { tabs: [{ tab: 'Guide', groups: [{ group: 'Start', pages: ['guide'] }] }, { tab: 'API', groups: [{ group: 'Reference', openapi: 'openapi.json' }] }] },
  }, null, 2));
}

/** CPU time covers every thread of the process (render workers included): steadier than wall time on a shared machine. */
interface Timing { pages: number; wallMs: number; renderMs: number; cpuMs: number; errors: number }

async function timeExport(root: string, out: string): Promise<Timing> {
  let renderStart = 0;
  let renderEnd = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await exportSite({
    root, outDir: out, deployment: 'cloud',
    onProgress: (p) => {
      if (p.phase === 'render' && !renderStart) renderStart = performance.now();
      if (p.phase !== 'render' && p.phase !== 'scan' && renderStart && !renderEnd) renderEnd = performance.now();
    },
  });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { pages: report.pagesRendered, wallMs, cpuMs: (used.user + used.system) / 1000, renderMs: (renderEnd || performance.now()) - (renderStart || started), errors: report.diagnostics.filter((d) => d.severity === 'error').length };
}

const fmt = (t: Timing) => `${t.pages} pages, ${(t.wallMs / 1000).toFixed(2)} s wall = ${(t.pages / (t.wallMs / 1000)).toFixed(0)} pages/s; render phase ${(t.renderMs / 1000).toFixed(2)} s = ${(t.pages / (t.renderMs / 1000)).toFixed(0)} pages/s; CPU ${(t.cpuMs / 1000).toFixed(2)} s = ${(t.pages / (t.cpuMs / 1000)).toFixed(0)} pages/CPU-s${t.errors ? `; ${t.errors} errors` : ''}`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ops: { type: 'string', default: '500' }, pages: { type: 'string' }, keep: { type: 'boolean', default: false } } });
  const ops = Number(values.ops);
  const pages = Number(values.pages ?? values.ops);
  const work = mkdtempSync(join(tmpdir(), 'quire-bench-openapi-'));
  try {
    const apiRoot = join(work, 'api-site');
    writeOpenApiSite(apiRoot, ops);
    const generator = resolve(repo, '../shared/corpus/gen-site.mjs');
    const plainRoot = join(work, 'plain-site');
    const haveGenerator = existsSync(generator);
    if (haveGenerator) execFileSync(process.execPath, [generator, '--pages', String(pages), '--components', '--out', plainRoot], { stdio: 'ignore' });
    // A first, untimed export warms the disk cache and lazy imports equally for both.
    await exportSite({ root: apiRoot, outDir: join(work, 'warm'), deployment: 'cloud', paths: ['guide'] });
    const api = await timeExport(apiRoot, join(work, 'out-api'));
    console.log(`API reference site (${ops} operations): ${fmt(api)}`);
    if (!haveGenerator) {
      console.log(`ordinary pages: skipped (${generator} not found)`);
      return;
    }
    const plain = await timeExport(plainRoot, join(work, 'out-plain'));
    console.log(`ordinary site (gen-site --pages ${pages} --components): ${fmt(plain)}`);
    const ratio = (t: Timing, ms: number) => t.pages / ms;
    console.log(`ratio API/ordinary pages/s: whole export ${(ratio(api, api.wallMs) / ratio(plain, plain.wallMs)).toFixed(2)}, render phase ${(ratio(api, api.renderMs) / ratio(plain, plain.renderMs)).toFixed(2)}, CPU ${(ratio(api, api.cpuMs) / ratio(plain, plain.cpuMs)).toFixed(2)} (target >= 0.50)`);
  } finally {
    if (values.keep) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
