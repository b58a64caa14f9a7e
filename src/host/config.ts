/**
 * Configuration of `quire host`: the deployment file (YAML or JSON) with its
 * `staticExport` block, overridden by `QUIRE_HOST_*` environment variables, checked
 * with a schema into one resolved `HostConfig`. Unknown keys become warnings; a wrong
 * type is an InvalidError naming the key.
 *
 * Environment overrides (they win over the file):
 *   QUIRE_HOST_ENABLED      staticExport.enabled (true/false)
 *   QUIRE_HOST_BUNDLE_URL   staticExport.bundleUrl
 *   QUIRE_HOST_VERSION      staticExport.version
 *   QUIRE_HOST_PORT         port
 *   QUIRE_HOST_ADDRESS      host (the listen address)
 *   QUIRE_HOST_PUBLIC_URL   publicUrl
 *   QUIRE_HOST_CACHE_DIR    cacheDir
 *   QUIRE_HOST_LOG_LEVEL    logLevel
 *   QUIRE_HOST_MCP_ENABLED  mcp.enabled (true/false)
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { InvalidError } from '../core/errors.js';
import { isHttpUrl } from '../core/http-url.js';
import { DEFAULT_BUNDLE_LIMITS } from '../render/bundle/verify.js';

const positiveInt = z.number().int().positive();

const hostConfigSchema = z.object({
  staticExport: z.object({
    /** @default true */
    enabled: z.boolean().default(true),
    /** The link returned by the bundle operation; `file:` URLs and absolute paths also work (air-gapped copies). */
    bundleUrl: z.string().min(1).optional(),
    /** Pin an export version: a bundle whose manifest says otherwise is refused. */
    version: z.string().min(1).nullable().default(null),
  }),
  /** @default 8080 */
  port: z.number().int().min(0).max(65535).default(8080),
  /** Listen address. @default '127.0.0.1' (loopback only; set '0.0.0.0' to expose it) */
  host: z.string().min(1).default('127.0.0.1'),
  /**
   * The address readers (and a proxy in front) use, e.g. `https://docs.example.com`: the
   * `Host` and `Origin` the MCP endpoint accepts besides the listen address's own (mcp/mcp-access.ts).
   */
  publicUrl: z.string().refine(isHttpUrl, 'expected an absolute http(s) URL, e.g. https://docs.example.com').optional(),
  /** Where verified sites are kept, relative to the config file. @default './site-cache' */
  cacheDir: z.string().min(1).default('./site-cache'),
  limits: z.object({
    maxEntries: positiveInt.default(DEFAULT_BUNDLE_LIMITS.maxEntries),
    maxBytes: positiveInt.default(DEFAULT_BUNDLE_LIMITS.maxBytes),
    maxFileBytes: positiveInt.default(DEFAULT_BUNDLE_LIMITS.maxFileBytes),
    maxRatio: positiveInt.default(DEFAULT_BUNDLE_LIMITS.maxRatio),
    /** Size of the downloaded archive. @default 1 GiB */
    maxArchiveBytes: positiveInt.default(1024 ** 3),
  }).prefault({}),
  fetch: z.object({
    /** No response or no data for this long aborts an attempt. @default 30000 */
    timeoutMs: positiveInt.default(30_000),
    /** Further attempts after a network error, 408, 429 or 5xx. @default 4 */
    retries: z.number().int().min(0).max(20).default(4),
    /** First delay between attempts, doubled each time (with jitter). @default 500 */
    backoffMs: z.number().int().min(0).default(500),
    /** While no verified site is in place, try again after this long (doubling, at most 10 min). @default 30000 */
    recheckMs: positiveInt.default(30_000),
  }).prefault({}),
  serve: z.object({
    /** Status of `permanent: true` redirects (`permanent: false` answers 307). @default 308 */
    permanentRedirectStatus: z.union([z.literal(301), z.literal(308)]).default(308),
    /** Bytes of small files kept in memory once read. @default 64 MiB */
    memoryCacheBytes: z.number().int().min(0).default(64 * 1024 ** 2),
    /** Write gzip and brotli variants of text files when a bundle is installed. @default true */
    precompress: z.boolean().default(true),
    /** One log line per request. @default false */
    accessLog: z.boolean().default(false),
  }).prefault({}),
  /** The MCP endpoint at `/mcp` (search, read and list the site's pages; reads only the bundle). */
  mcp: z.object({
    /** @default true */
    enabled: z.boolean().default(true),
  }).prefault({}),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
}).superRefine((cfg, ctx) => {
  if (cfg.staticExport.enabled && !cfg.staticExport.bundleUrl) {
    ctx.addIssue({ code: 'custom', path: ['staticExport', 'bundleUrl'], message: 'required when staticExport.enabled is true' });
  }
});

export type HostConfig = z.infer<typeof hostConfigSchema>;

/** The keys the schema knows, to report the others as warnings. */
const KNOWN_KEYS: Record<string, true | Record<string, true>> = {
  staticExport: { enabled: true, bundleUrl: true, version: true },
  port: true, host: true, publicUrl: true, cacheDir: true, logLevel: true,
  limits: { maxEntries: true, maxBytes: true, maxFileBytes: true, maxRatio: true, maxArchiveBytes: true },
  fetch: { timeoutMs: true, retries: true, backoffMs: true, recheckMs: true },
  serve: { permanentRedirectStatus: true, memoryCacheBytes: true, precompress: true, accessLog: true },
  mcp: { enabled: true },
};

export interface LoadedHostConfig {
  config: HostConfig;
  warnings: string[];
}

/**
 * Checks a raw config object (already merged with overrides). `baseDir` resolves a
 * relative `cacheDir`; `label` names the source in messages.
 */
export function resolveHostConfig(raw: unknown, baseDir: string, label = 'config'): LoadedHostConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidError(`${label}: expected an object with a staticExport block`);
  const warnings = unknownKeys(raw as Record<string, unknown>).map((key) => `${label}: unknown key ${key} ignored`);
  const parsed = hostConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new InvalidError(`${label}: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  config.cacheDir = resolve(baseDir, config.cacheDir);
  return { config, warnings };
}

/** Reads `file` (YAML or JSON), applies the `QUIRE_HOST_*` overrides of `env`, resolves. */
export async function loadHostConfig(file: string | null, env: NodeJS.ProcessEnv, flags: { port?: number } = {}): Promise<LoadedHostConfig> {
  let raw: Record<string, unknown> = {};
  if (file !== null) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new InvalidError(`cannot read config file ${file}: ${(err as Error).message}`, { cause: err });
    }
    try {
      raw = (parseYaml(text) as Record<string, unknown> | null) ?? {}; // YAML is a superset of JSON
    } catch (err) {
      throw new InvalidError(`${file}: not valid YAML or JSON: ${(err as Error).message}`, { cause: err });
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidError(`${file}: expected a mapping at the top level`);
  applyEnvOverrides(raw, env);
  if (flags.port !== undefined) raw.port = flags.port;
  return resolveHostConfig(raw, file === null ? process.cwd() : dirname(resolve(file)), file ?? 'environment');
}

function applyEnvOverrides(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  const section = (): Record<string, unknown> => {
    if (typeof raw.staticExport !== 'object' || raw.staticExport === null) raw.staticExport = {};
    return raw.staticExport as Record<string, unknown>;
  };
  // Strings that look like numbers or booleans are converted; anything else stays a string so the schema names the key.
  const num = (v: string): unknown => (/^\d+$/.test(v) ? Number(v) : v);
  const bool = (v: string): unknown => (/^(true|1|yes)$/i.test(v) ? true : /^(false|0|no)$/i.test(v) ? false : v);
  if (env.QUIRE_HOST_ENABLED !== undefined) section().enabled = bool(env.QUIRE_HOST_ENABLED);
  if (env.QUIRE_HOST_BUNDLE_URL !== undefined) section().bundleUrl = env.QUIRE_HOST_BUNDLE_URL;
  if (env.QUIRE_HOST_VERSION !== undefined) section().version = env.QUIRE_HOST_VERSION === '' ? null : env.QUIRE_HOST_VERSION;
  if (env.QUIRE_HOST_PORT !== undefined) raw.port = num(env.QUIRE_HOST_PORT);
  if (env.QUIRE_HOST_ADDRESS !== undefined) raw.host = env.QUIRE_HOST_ADDRESS;
  if (env.QUIRE_HOST_PUBLIC_URL !== undefined) raw.publicUrl = env.QUIRE_HOST_PUBLIC_URL;
  if (env.QUIRE_HOST_CACHE_DIR !== undefined) raw.cacheDir = env.QUIRE_HOST_CACHE_DIR;
  if (env.QUIRE_HOST_LOG_LEVEL !== undefined) raw.logLevel = env.QUIRE_HOST_LOG_LEVEL;
  if (env.QUIRE_HOST_MCP_ENABLED !== undefined) {
    if (typeof raw.mcp !== 'object' || raw.mcp === null) raw.mcp = {};
    (raw.mcp as Record<string, unknown>).enabled = bool(env.QUIRE_HOST_MCP_ENABLED);
  }
}

function unknownKeys(raw: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const known = KNOWN_KEYS[key];
    if (!known) found.push(key);
    else if (known !== true && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const sub of Object.keys(value)) if (!known[sub]) found.push(`${key}.${sub}`);
    }
  }
  return found;
}
