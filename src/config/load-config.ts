/**
 * Resolves the configuration: flags, then `QUIRE_*` environment variables, then an
 * optional config file (YAML or JSON, `--config` or `QUIRE_CONFIG`), then defaults.
 * Only the entry point calls this; everything else receives the resolved object.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { InvalidError } from '../core/errors.js';
import { ENV_VARS } from './env.js';
import { configSchema, type QuireConfig } from './schema.js';

type Tree = Record<string, unknown>;

function setPath(target: Tree, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Tree;
  }
  node[parts[parts.length - 1]] = value;
}

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b) ? merge(b as Tree, v as Tree) : v;
  }
  return out;
}

function readConfigFile(file: string): Tree {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InvalidError(`Cannot read config file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    const parsed: unknown = /\.json$/i.test(file) ? JSON.parse(text) : YAML.parse(text);
    if (parsed === null || parsed === undefined) return {};
    if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('the top level must be a mapping');
    return parsed as Tree;
  } catch (err) {
    throw new InvalidError(`Config file ${file} is not valid: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Formats zod issues as one line per bad field, naming where the value came from. */
export function describeIssues(issues: z.core.$ZodIssue[], origin: Map<string, string>): string {
  return issues
    .map((i) => {
      const path = i.path.join('.');
      const from = origin.get(path);
      return `  ${path || '(root)'}${from ? ` (from ${from})` : ''}: ${i.message}`;
    })
    .join('\n');
}

export interface LoadConfigOptions {
  /** Values from command-line flags, as dotted paths (`port`, `workers.enabled`). */
  flags?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  /** Config file path; falls back to `QUIRE_CONFIG`. */
  file?: string;
}

export function loadConfig(options: LoadConfigOptions = {}): QuireConfig {
  const env = options.env ?? {};
  const origin = new Map<string, string>();
  const file = options.file ?? env.QUIRE_CONFIG;
  let tree: Tree = file ? readConfigFile(resolve(file)) : {};
  if (file) for (const k of Object.keys(tree)) origin.set(k, file);

  const fromEnv: Tree = {};
  for (const spec of ENV_VARS) {
    const raw = env[spec.name];
    if (raw === undefined || raw === '') continue;
    setPath(fromEnv, spec.path, spec.list ? raw.split(',').map((s) => s.trim()).filter(Boolean) : raw);
    origin.set(spec.path, spec.name);
  }
  tree = merge(tree, fromEnv);

  const fromFlags: Tree = {};
  for (const [path, value] of Object.entries(options.flags ?? {})) {
    if (value === undefined) continue;
    setPath(fromFlags, path, value);
    origin.set(path, `--${path.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  }
  tree = merge(tree, fromFlags);

  const parsed = configSchema.safeParse(tree);
  if (!parsed.success) throw new InvalidError(`Invalid configuration:\n${describeIssues(parsed.error.issues, origin)}`);
  const cfg = parsed.data;
  const publicHost = cfg.host === '0.0.0.0' || cfg.host === '::' ? '127.0.0.1' : cfg.host;
  return {
    ...cfg,
    dataDir: resolve(cfg.dataDir),
    publicUrl: (cfg.publicUrl ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${cfg.port}`).replace(/\/+$/, ''),
  };
}
