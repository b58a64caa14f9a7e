/**
 * The configuration schema: one section per concern, each field with its default.
 * What the user wrote (flags, QUIRE_* variables, a config file) is checked here and
 * turned into one fully resolved `QuireConfig` that is passed down from the entry point.
 */
import { z } from 'zod';
import { parseAllowEntry } from '../core/allow-entry.js';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no'])]).transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

export const s3Schema = z.object({
  bucket: z.string().min(1),
  region: z.string().default('us-east-1'),
  /** e.g. `http://127.0.0.1:9000` for MinIO; AWS when omitted. */
  endpoint: z.string().url().optional(),
  /**
   * The endpoint bundle links name, when clients reach the store at another address than
   * Quire does (compose: Quire uses `http://minio:9000`, the host `http://localhost:9000`).
   * @default endpoint
   */
  publicEndpoint: z.string().url().optional(),
  forcePathStyle: bool.default(false),
  accessKeyId: z.string().optional(),
  secretAccessKey: z.string().optional(),
  /** Key prefix inside the bucket. @default 'bundles/' */
  prefix: z.string().default('bundles/'),
});

export const configSchema = z.object({
  /** Where the embedded mode keeps its database, bundles, secrets and caches. @default './data' */
  dataDir: z.string().min(1).default('./data'),
  host: z.string().min(1).default('127.0.0.1'),
  port: port.default(3000),
  /** Base of the links Quire hands out. @default `http://HOST:PORT` */
  publicUrl: z.string().url().optional(),
  /** `postgres://...` selects PostgreSQL; unset, SQLite in the data dir. Any other URL is refused, not ignored. */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/i, 'expected a postgres:// or postgresql:// URL (leave it unset for SQLite in the data dir)')
    .optional(),
  /** PostgreSQL schema for Quire's tables. @default 'public' */
  databaseSchema: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _').default('public'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body accepted, in bytes. @default 1 MiB */
  bodyLimit: positiveInt.default(1024 * 1024),
  /** Seconds SIGTERM waits for in-flight requests and jobs. @default 30 */
  shutdownGraceSeconds: positiveInt.default(30),
  workers: z
    .object({
      /** Run job workers in the API process (embedded mode). `quire serve --no-workers` turns this off. */
      enabled: bool.default(true),
      exportConcurrency: positiveInt.default(1),
      agentConcurrency: positiveInt.default(2),
    })
    .default({ enabled: true, exportConcurrency: 1, agentConcurrency: 2 }),
  queue: z
    .object({
      /** `local` (jobs in the records database, in-process) or `pg-boss`. Default: pg-boss on PostgreSQL, else local. */
      driver: z.enum(['local', 'pg-boss']).optional(),
      /** Seconds after which a job whose worker died is taken again. @default 120 */
      abandonedAfterSeconds: positiveInt.default(120),
    })
    .default({ abandonedAfterSeconds: 120 }),
  blobs: z
    .object({
      driver: z.enum(['fs', 's3']).default('fs'),
      s3: s3Schema.optional(),
    })
    .default({ driver: 'fs' }),
  exports: z
    .object({
      /** Queued or running exports one organization may have at once. @default 5 */
      maxActivePerOrg: positiveInt.default(5),
      /** Lifetime of a bundle link in seconds. @default 3600 (at most 7 days) */
      linkTtlSeconds: positiveInt.max(7 * 24 * 3600, 'at most 7 days (604800 seconds)').default(3600),
      /** Days after which finished jobs and their bundles are removed. @default 30 */
      retentionDays: positiveInt.default(30),
      /** Time limit of one export attempt in seconds. @default 1800 */
      timeoutSeconds: positiveInt.default(1800),
      /** Attempts before an export fails. @default 3 */
      maxAttempts: positiveInt.default(3),
      /** Render threads per export. Default: one per core but one, every core from 2000 pages (render/pool/render-threads.ts). */
      renderThreads: positiveInt.optional(),
      /** Time one page may take to render; past it its render thread is ended and the page fails alone. @default 60 */
      pageTimeoutSeconds: positiveInt.default(60),
      /**
       * Nice value of render threads: 0 normal priority, up to 19 the lowest, so that
       * rendering yields the CPU to the API and anything else on the host. @default 0
       */
      renderNice: z.coerce.number().int().min(0, 'from 0 (normal priority) to 19 (lowest)').max(19, 'from 0 (normal priority) to 19 (lowest)').default(0),
      /**
       * Host names and CIDR ranges remote OpenAPI documents may be fetched from although
       * they are not public addresses. @default [] (public addresses only)
       * @example ['10.20.0.0/16', 'openapi.internal.example.com']
       */
      fetchAllow: z
        .array(
          z.string().superRefine((entry, ctx) => {
            try {
              parseAllowEntry(entry);
            } catch (err) {
              ctx.addIssue({ code: 'custom', message: (err as Error).message });
            }
          }),
        )
        .default([]),
      /**
       * Images, video and audio pages load from other hosts: `bundle` fetches them into the
       * bundle (through the same guarded fetcher as `fetchAllow`), `omit` leaves them out,
       * `keep` leaves the references as written. @default 'bundle' for air-gapped exports, 'keep' otherwise
       */
      remoteMedia: z.enum(['bundle', 'omit', 'keep']).optional(),
      /** Largest remote media file bundled, in MB. @default 25 */
      mediaMaxFileMb: positiveInt.default(25),
      /** All remote media of one export together, in MB. @default 500 */
      mediaMaxTotalMb: positiveInt.default(500),
      /** The cache of fetched media kept between exports, pruned to this many MB (the oldest first). @default 2048 */
      mediaCacheMaxMb: positiveInt.default(2048),
    })
    .default({ maxActivePerOrg: 5, linkTtlSeconds: 3600, retentionDays: 30, timeoutSeconds: 1800, maxAttempts: 3, fetchAllow: [], pageTimeoutSeconds: 60, renderNice: 0, mediaMaxFileMb: 25, mediaMaxTotalMb: 500, mediaCacheMaxMb: 2048 }),
  git: z
    .object({
      /** Token for cloning over https (sent as HTTP basic auth, never logged). */
      token: z.string().optional(),
      /** Username paired with the token. @default 'x-access-token' */
      username: z.string().default('x-access-token'),
      /** Private key file for ssh URLs. */
      sshKeyFile: z.string().optional(),
    })
    .default({ username: 'x-access-token' }),
  /** HMAC secret for bundle links; generated into the data dir on first start when unset. */
  signingSecret: z.string().min(32, 'at least 32 characters').optional(),
  /** Create a demo organization, project and key on an empty database. @default true */
  bootstrapDemo: bool.default(true),
  /** Repository of the demo project. Default: the user guide (`docs/`) of this Quire checkout. */
  demoRepository: z.string().optional(),
  agent: z
    .object({
      provider: z.enum(['openai', 'anthropic']).optional(),
      baseUrl: z.string().url().optional(),
      apiKey: z.string().optional(),
      /** Allowed models; the first is the default. */
      models: z.array(z.string().min(1)).default([]),
      /** Agent jobs one project may start per hour. @default 100 */
      maxJobsPerProjectPerHour: positiveInt.default(100),
      /** Model calls per run. @default 40 */
      maxSteps: positiveInt.default(40),
      /** Input plus output tokens per run. @default 500000 */
      maxTokens: positiveInt.default(500_000),
      /** Tokens of one model answer. @default 4096 */
      maxOutputTokens: positiveInt.default(4096),
      /** Wall-clock limit of one run in seconds. @default 900 */
      timeoutSeconds: positiveInt.default(900),
      /** Rounds of site-validation problems handed back to the model. @default 2 */
      validationRounds: z.coerce.number().int().min(0).default(2),
      /** Retries of a failed provider request (5xx, 429, network), with backoff. @default 3 */
      maxRetries: z.coerce.number().int().min(0).default(3),
      /** Time limit of one provider request in seconds. @default 120 */
      requestTimeoutSeconds: positiveInt.default(120),
      /** Author of the agent's commits. */
      authorName: z.string().min(1).default('Quire Agent'),
      authorEmail: z.string().min(3).default('agent@quire.invalid'),
    })
    .default({
      models: [],
      maxJobsPerProjectPerHour: 100,
      maxSteps: 40,
      maxTokens: 500_000,
      maxOutputTokens: 4096,
      timeoutSeconds: 900,
      validationRounds: 2,
      maxRetries: 3,
      requestTimeoutSeconds: 120,
      authorName: 'Quire Agent',
      authorEmail: 'agent@quire.invalid',
    }),
  /** Where the agent opens pull requests: GitHub (REST) or plain git (push only, link from a template). */
  forge: z
    .object({
      kind: z.enum(['github', 'git']).default('git'),
      githubToken: z.string().optional(),
      /** @default 'https://api.github.com' (GitHub Enterprise: `https://HOST/api/v3`) */
      githubApiUrl: z.string().url().optional(),
      /** prLink of the git forge: `{repo}`, `{base}`, `{branch}` are replaced. */
      prUrlTemplate: z.string().optional(),
    })
    .default({ kind: 'git' }),
});

export type QuireConfigInput = z.input<typeof configSchema>;
export type QuireConfig = z.output<typeof configSchema> & { publicUrl: string };
