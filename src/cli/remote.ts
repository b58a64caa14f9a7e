/**
 * `quire remote ...`: the client side, for CI scripts. Talks to a Quire API with the
 * key in QUIRE_API_KEY (base URL from --base-url or QUIRE_BASE_URL): start an export,
 * follow it, download and check the bundle; read and drive agent jobs.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { QuireClient } from '../client/client.js';
import type { ExportJob } from '../client/types.js';
import { print, UsageError, type Io } from './io.js';
import { progressLine } from './progress.js';

interface RemoteFlags {
  baseUrl?: string;
  json?: boolean;
}

/**
 * The client for the flags and environment. The client (with its HTTP and stream modules) is
 * loaded here, when a remote command runs: every `quire` command registers these, and
 * `quire export` would otherwise load it before it starts its export thread.
 */
async function clientFor(flags: RemoteFlags, env: NodeJS.ProcessEnv): Promise<QuireClient> {
  const apiKey = env.QUIRE_API_KEY;
  if (!apiKey) throw new UsageError('QUIRE_API_KEY is not set: export it with an admin API key (svc_...)');
  const baseUrl = flags.baseUrl ?? env.QUIRE_BASE_URL ?? 'http://127.0.0.1:3000';
  try {
    const u = new URL(baseUrl);
    if (!/^https?:$/.test(u.protocol)) throw new Error('scheme');
  } catch (err) {
    throw new UsageError(`Invalid base URL "${baseUrl}": expected http(s)://host[:port]`, { cause: err });
  }
  const { QuireClient } = await import('../client/client.js');
  return new QuireClient({ baseUrl, apiKey });
}

/** Refuses a --download path whose folder is missing or not writable, or that is a folder. */
function checkDownloadTarget(file: string): void {
  const target = resolve(file);
  const dir = dirname(target);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--download ${file}: the folder ${dir} does not exist`);
  if (existsSync(target) && statSync(target).isDirectory()) throw new UsageError(`--download ${file}: is a folder; name the file to write`);
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new UsageError(`--download ${file}: the folder ${dir} is not writable`, { cause: err });
  }
}

export function registerRemoteCommands(program: Command, env: NodeJS.ProcessEnv, io: Io, setExit: (code: number) => void): void {
  const remote = program.command('remote').description('use a Quire API from a script (key in QUIRE_API_KEY)');

  remote
    .command('export')
    .description('start a static export; --wait follows it, --download FILE fetches and checks the bundle')
    .requiredOption('--domain <host>', 'the project\'s docs domain, e.g. docs.example.com')
    .option('--version <version>', 'export version written into the bundle manifest')
    .option('--paths <list>', 'only these pages, comma-separated')
    .option('--base-url <url>', 'Quire API base URL (QUIRE_BASE_URL, default http://127.0.0.1:3000)')
    .option('--wait', 'follow the export until it completes or fails')
    .option('--download <file>', 'download the bundle to FILE when completed (implies --wait)')
    .option('--json', 'print one JSON object')
    .action(async (o: RemoteFlags & { domain: string; version?: string; paths?: string; wait?: boolean; download?: string }) => {
      const client = await clientFor(o, env);
      // A download that could not be written is found out now, not after the export.
      if (o.download) checkDownloadTarget(o.download);
      const paths = o.paths?.split(',').map((p) => p.trim()).filter(Boolean);
      let job = await client.startExport({ domain: o.domain, version: o.version, paths });
      if (!o.json) io.stderr.write(`Export ${job.jobId} queued for ${o.domain}\n`);
      if (!o.wait && !o.download) {
        print(io, !!o.json, job, () => job.jobId);
        return;
      }
      const bar = progressLine(io.stderr);
      let fraction = 0;
      job = await client.waitForExport(job.jobId, {
        onProgress: (j: ExportJob) => {
          fraction = j.progress / 100;
          if (!o.json) bar.update(fraction, `${j.pageCount} pages (${j.status})`);
        },
        onRetry: (error, delayMs) => {
          if (!o.json) bar.update(fraction, `${error.message}; polling again in ${(delayMs / 1000).toFixed(1)} s`);
        },
      });
      if (job.status === 'failed') {
        if (!o.json) bar.done();
        print(io, !!o.json, { job }, () => `Export ${job.jobId} failed: ${job.error ?? 'no reason given'}`);
        setExit(1);
        return;
      }
      if (!o.json) bar.done(`Export ${job.jobId} completed: ${job.pageCount} pages`);
      if (!o.download) {
        print(io, !!o.json, { job }, () => job.jobId);
        return;
      }
      const link = await client.createBundleLink(job.jobId);
      const target = resolve(o.download);
      const dl = progressLine(io.stderr);
      const { downloadBundle } = await import('../client/download.js');
      const result = await downloadBundle(link, target, {
        onBytes: (done, total) => {
          if (!o.json && total > 0) dl.update(done / total, `${(done / 1048576).toFixed(1)} MiB`);
        },
      });
      if (!o.json) dl.done();
      print(io, !!o.json, { job, bundle: result }, () => `Bundle saved to ${result.file} (${result.sizeBytes} bytes, sha256 ${result.sha256} verified)`);
    });

  remote
    .command('export-status')
    .argument('<jobId>', 'export job id (se_...)')
    .option('--base-url <url>', 'Quire API base URL')
    .option('--json', 'print one JSON object')
    .action(async (jobId: string, o: RemoteFlags) => {
      const job = await (await clientFor(o, env)).getExport(jobId);
      print(io, !!o.json, job, () => `${job.jobId} ${job.status} ${job.progress}% ${job.pageCount} pages${job.error ? ` error: ${job.error}` : ''}`);
    });

  remote
    .command('bundle-link')
    .argument('<jobId>', 'export job id (se_...)')
    .option('--base-url <url>', 'Quire API base URL')
    .option('--json', 'print one JSON object')
    .action(async (jobId: string, o: RemoteFlags) => {
      const link = await (await clientFor(o, env)).createBundleLink(jobId);
      print(io, !!o.json, link, () => `${link.bundleUrl}\n(${link.sizeBytes} bytes, sha256 ${link.sha256}, expires ${link.expiresAt})`);
    });

  const agent = remote.command('agent').description('agent jobs');
  agent
    .command('get')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--job <id>', 'agent job id')
    .option('--base-url <url>', 'Quire API base URL')
    .option('--json', 'print one JSON object')
    .action(async (o: RemoteFlags & { project: string; job: string }) => {
      const job = await (await clientFor(o, env)).getAgentJob(o.project, o.job);
      print(io, !!o.json, job, () => `${job.id} ${job.status} on ${job.source.ref} (${job.model})${job.prLink ? ` PR: ${job.prLink}` : ''}`);
    });
  agent
    .command('create')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--prompt <text>', 'what the agent should do')
    .option('--ref <ref>', 'branch to start from (default: the project\'s)')
    .option('--model <model>', 'model (default: the operator\'s first)')
    .option('--base-url <url>', 'Quire API base URL')
    .option('--json', 'print one JSON object')
    .action(async (o: RemoteFlags & { project: string; prompt: string; ref?: string; model?: string }) => {
      const job = await (await clientFor(o, env)).createAgentJob(o.project, { prompt: o.prompt, ref: o.ref, model: o.model });
      print(io, !!o.json, job, () => `${job.id} ${job.status} on ${job.source.ref} (${job.model})`);
    });
  agent
    .command('messages')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--job <id>', 'agent job id')
    .option('--base-url <url>', 'Quire API base URL')
    .option('--json', 'print one JSON object')
    .action(async (o: RemoteFlags & { project: string; job: string }) => {
      const t = await (await clientFor(o, env)).getAgentMessages(o.project, o.job);
      print(io, !!o.json, t, () => JSON.stringify(t, null, 2));
    });
}
