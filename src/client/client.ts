/**
 * A typed client for every endpoint of the Quire API, used by `quire remote` and by
 * users' scripts. Errors come back as QuireApiError with the server's message.
 *
 * @example
 * const quire = new QuireClient({ baseUrl: 'https://quire.example.com', apiKey: process.env.QUIRE_API_KEY! });
 * const job = await quire.startExport({ domain: 'docs.example.com' });
 * await quire.waitForExport(job.jobId, { onProgress: (j) => console.log(j.progress) });
 * const link = await quire.createBundleLink(job.jobId);
 */
import { QuireApiError, QuireNetworkError } from './errors.js';
import type { AgentJob, AgentTranscript, BundleLink, CreateAgentJobInput, ExportJob, StartExportInput } from './types.js';

export interface QuireClientOptions {
  /** e.g. `http://127.0.0.1:3000` */
  baseUrl: string;
  /** An admin API key, `svc_...`. */
  apiKey: string;
  /** Per-request time limit. @default 30000 */
  timeoutMs?: number;
  /** For tests or custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  /** Called with every new state of the job. */
  onProgress?: (job: ExportJob) => void;
  /** First poll interval; grows by half up to `maxIntervalMs`, or follows Retry-After. @default 500 */
  intervalMs?: number;
  /** @default 5000 */
  maxIntervalMs?: number;
  /** Give up after this long. @default 3600000 */
  timeoutMs?: number;
  /**
   * How long polls may keep failing in a row (network errors, 502/503/504: an API
   * process restarting in a rolling deploy) before the wait gives up. @default 120000
   */
  retryForMs?: number;
  /** Called before each retry of a failed poll, with the error and the delay in ms. */
  onRetry?: (error: Error, delayMs: number) => void;
  signal?: AbortSignal;
}

/** Answers of a proxy or an API process that is going away: worth polling again. */
function isTransient(error: unknown): error is Error {
  return error instanceof QuireNetworkError || (error instanceof QuireApiError && [502, 503, 504].includes(error.status));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as unknown); // the caller's abort reason, as fetch does
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as unknown);
    }, { once: true });
  });
}

const enc = encodeURIComponent;

export class QuireClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: QuireClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  /** Sends a request and parses the JSON answer; keeps the response for headers. */
  async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<{ data: T; response: Response }> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.options.apiKey}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new QuireNetworkError(`Cannot reach Quire at ${this.baseUrl}${cause}`, { cause: err });
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined; // a body that is not JSON (a proxy's error page): the status below says what happened
    }
    if (!response.ok) {
      const message = (data as { error?: string } | undefined)?.error ?? `HTTP ${response.status} ${response.statusText}`;
      const retry = response.headers.get('retry-after');
      throw new QuireApiError(response.status, message, retry ? Number(retry) : undefined);
    }
    return { data: data as T, response };
  }

  async getAgentJob(projectId: string, jobId: string): Promise<AgentJob> {
    return (await this.request<AgentJob>('GET', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}`)).data;
  }

  async createAgentJob(projectId: string, input: CreateAgentJobInput): Promise<AgentJob> {
    return (await this.request<AgentJob>('POST', `/v2/agent/${enc(projectId)}/job`, input)).data;
  }

  async sendAgentMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    return (await this.request<AgentJob>('POST', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/message`, { prompt })).data;
  }

  async archiveAgentJob(projectId: string, jobId: string): Promise<AgentJob> {
    return (await this.request<AgentJob>('POST', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/archive`)).data;
  }

  async getAgentMessages(projectId: string, jobId: string): Promise<AgentTranscript> {
    return (await this.request<AgentTranscript>('GET', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/messages`)).data;
  }

  async startExport(input: StartExportInput): Promise<ExportJob> {
    return (await this.request<ExportJob>('POST', '/v1/static-export/jobs', input)).data;
  }

  async getExport(jobId: string): Promise<ExportJob> {
    return (await this.request<ExportJob>('GET', `/v1/static-export/jobs/${enc(jobId)}`)).data;
  }

  async createBundleLink(jobId: string): Promise<BundleLink> {
    return (await this.request<BundleLink>('POST', `/v1/static-export/jobs/${enc(jobId)}/bundle`)).data;
  }

  /**
   * Polls an export until it is completed or failed, with backoff, honouring the
   * server's Retry-After hint. A poll that fails on the network or with 502/503/504 is
   * retried with backoff for up to `retryForMs` in a row. Resolves with the final job
   * (also when failed).
   */
  async waitForExport(jobId: string, options: WaitOptions = {}): Promise<ExportJob> {
    const deadline = Date.now() + (options.timeoutMs ?? 3_600_000);
    let interval = options.intervalMs ?? 500;
    const max = options.maxIntervalMs ?? 5000;
    const retryFor = options.retryForMs ?? 120_000;
    let failingSince: number | undefined;
    let retryDelay = interval;
    let last = '';
    for (;;) {
      let polled: { data: ExportJob; response: Response };
      try {
        polled = await this.request<ExportJob>('GET', `/v1/static-export/jobs/${enc(jobId)}`, undefined, options.signal);
      } catch (error) {
        if (!isTransient(error) || options.signal?.aborted) throw error;
        failingSince ??= Date.now();
        if (Date.now() - failingSince >= retryFor) {
          throw new QuireNetworkError(`${error.message} (polls of ${jobId} kept failing for ${Math.round((Date.now() - failingSince) / 1000)} s)`, { cause: error });
        }
        options.onRetry?.(error, retryDelay);
        await sleep(retryDelay, options.signal);
        retryDelay = Math.min(max, Math.round(retryDelay * 1.5));
        continue;
      }
      failingSince = undefined;
      retryDelay = options.intervalMs ?? 500;
      const { data: job, response } = polled;
      const key = `${job.status}:${job.progress}:${job.pageCount}`;
      if (key !== last) options.onProgress?.(job);
      last = key;
      if (job.status === 'completed' || job.status === 'failed') return job;
      if (Date.now() > deadline) throw new QuireNetworkError(`Export ${jobId} did not finish in time (still ${job.status})`);
      const hint = Number(response.headers.get('retry-after'));
      const wait = Number.isFinite(hint) && hint > 0 ? Math.min(hint * 1000, max) : interval;
      await sleep(wait, options.signal);
      interval = Math.min(max, Math.round(interval * 1.5));
    }
  }
}
