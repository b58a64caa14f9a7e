/**
 * The `QUIRE_*` environment variables and the config fields they set. The README's
 * configuration table is written from this list.
 */
export interface EnvVar {
  name: string;
  /** Dotted path in the config schema. */
  path: string;
  /** Comma-separated list. */
  list?: boolean;
  help: string;
}

export const ENV_VARS: EnvVar[] = [
  { name: 'QUIRE_DATA_DIR', path: 'dataDir', help: 'Database, bundles, secrets and caches of the embedded mode (default ./data)' },
  { name: 'QUIRE_HOST', path: 'host', help: 'Address the API listens on (default 127.0.0.1)' },
  { name: 'QUIRE_PORT', path: 'port', help: 'Port the API listens on (default 3000)' },
  { name: 'QUIRE_PUBLIC_URL', path: 'publicUrl', help: 'Base of the links Quire hands out (default http://HOST:PORT)' },
  { name: 'QUIRE_DATABASE_URL', path: 'databaseUrl', help: 'postgres://... selects PostgreSQL; otherwise SQLite in the data dir' },
  { name: 'QUIRE_DATABASE_SCHEMA', path: 'databaseSchema', help: 'PostgreSQL schema for Quire tables (default public)' },
  { name: 'QUIRE_LOG_LEVEL', path: 'logLevel', help: 'fatal, error, warn, info, debug, trace or silent (default info)' },
  { name: 'QUIRE_BODY_LIMIT', path: 'bodyLimit', help: 'Largest request body in bytes (default 1048576)' },
  { name: 'QUIRE_WORKERS', path: 'workers.enabled', help: 'Run job workers inside the API process (default true)' },
  { name: 'QUIRE_EXPORT_CONCURRENCY', path: 'workers.exportConcurrency', help: 'Exports one process runs at once (default 1)' },
  { name: 'QUIRE_AGENT_CONCURRENCY', path: 'workers.agentConcurrency', help: 'Agent jobs one process runs at once (default 2)' },
  { name: 'QUIRE_QUEUE_DRIVER', path: 'queue.driver', help: 'local or pg-boss (default: pg-boss on PostgreSQL, else local)' },
  { name: 'QUIRE_JOB_ABANDONED_AFTER', path: 'queue.abandonedAfterSeconds', help: 'Seconds before a dead worker\'s job is taken again (default 120)' },
  { name: 'QUIRE_BLOB_DRIVER', path: 'blobs.driver', help: 'fs (data dir) or s3 (default fs)' },
  { name: 'QUIRE_S3_BUCKET', path: 'blobs.s3.bucket', help: 'Bucket for bundles (s3 driver)' },
  { name: 'QUIRE_S3_REGION', path: 'blobs.s3.region', help: 'Region (default us-east-1)' },
  { name: 'QUIRE_S3_ENDPOINT', path: 'blobs.s3.endpoint', help: 'Endpoint of an S3-compatible store (MinIO, R2, ...)' },
  { name: 'QUIRE_S3_PUBLIC_ENDPOINT', path: 'blobs.s3.publicEndpoint', help: 'Endpoint that bundle links name, when clients reach the store at another address (default: QUIRE_S3_ENDPOINT)' },
  { name: 'QUIRE_S3_FORCE_PATH_STYLE', path: 'blobs.s3.forcePathStyle', help: 'Path-style bucket addressing (MinIO: true)' },
  { name: 'QUIRE_S3_ACCESS_KEY_ID', path: 'blobs.s3.accessKeyId', help: 'S3 access key id (else the AWS default chain)' },
  { name: 'QUIRE_S3_SECRET_ACCESS_KEY', path: 'blobs.s3.secretAccessKey', help: 'S3 secret access key' },
  { name: 'QUIRE_S3_PREFIX', path: 'blobs.s3.prefix', help: 'Key prefix in the bucket (default bundles/)' },
  { name: 'QUIRE_EXPORT_MAX_ACTIVE', path: 'exports.maxActivePerOrg', help: 'Queued or running exports per organization (default 5)' },
  { name: 'QUIRE_LINK_TTL', path: 'exports.linkTtlSeconds', help: 'Bundle link lifetime in seconds (default 3600, at most 604800)' },
  { name: 'QUIRE_RETENTION_DAYS', path: 'exports.retentionDays', help: 'Days before finished exports and bundles are removed (default 30)' },
  { name: 'QUIRE_EXPORT_TIMEOUT', path: 'exports.timeoutSeconds', help: 'Time limit of one export attempt in seconds (default 1800)' },
  { name: 'QUIRE_EXPORT_MAX_ATTEMPTS', path: 'exports.maxAttempts', help: 'Attempts before an export fails (default 3)' },
  { name: 'QUIRE_RENDER_THREADS', path: 'exports.renderThreads', help: 'Render threads per export (default: cores - 1, at least 1; every core from 2000 pages)' },
  { name: 'QUIRE_EXPORT_PAGE_TIMEOUT', path: 'exports.pageTimeoutSeconds', help: 'Seconds one page may take to render before it fails alone (default 60)' },
  { name: 'QUIRE_RENDER_NICE', path: 'exports.renderNice', help: 'Nice value of render threads, 0 (normal priority) to 19 (lowest) (default 0)' },
  { name: 'QUIRE_EXPORT_FETCH_ALLOW', path: 'exports.fetchAllow', list: true, help: 'Host names and CIDR ranges exports may fetch OpenAPI documents and media from although not public, comma-separated (default: public addresses only)' },
  { name: 'QUIRE_EXPORT_REMOTE_MEDIA', path: 'exports.remoteMedia', help: 'Images, video and audio on other hosts: bundle, omit or keep (default: bundle when air-gapped, else keep)' },
  { name: 'QUIRE_EXPORT_MEDIA_MAX_FILE_MB', path: 'exports.mediaMaxFileMb', help: 'Largest remote media file bundled, in MB (default 25)' },
  { name: 'QUIRE_EXPORT_MEDIA_MAX_TOTAL_MB', path: 'exports.mediaMaxTotalMb', help: 'All remote media of one export together, in MB (default 500)' },
  { name: 'QUIRE_EXPORT_MEDIA_CACHE_MAX_MB', path: 'exports.mediaCacheMaxMb', help: 'Fetched media kept between exports, pruned to this size in MB, the oldest first (default 2048)' },
  { name: 'QUIRE_GIT_TOKEN', path: 'git.token', help: 'Token for cloning https repositories (never logged)' },
  { name: 'QUIRE_GIT_USERNAME', path: 'git.username', help: 'User name paired with the token (default x-access-token)' },
  { name: 'QUIRE_GIT_SSH_KEY_FILE', path: 'git.sshKeyFile', help: 'Private key for ssh repository URLs' },
  { name: 'QUIRE_SIGNING_SECRET', path: 'signingSecret', help: 'HMAC secret of bundle links (default: generated into the data dir)' },
  { name: 'QUIRE_BOOTSTRAP_DEMO', path: 'bootstrapDemo', help: 'Create the demo organization, project and key on an empty database (default true)' },
  { name: 'QUIRE_DEMO_REPOSITORY', path: 'demoRepository', help: 'Repository of the demo project (default: this checkout\'s docs/)' },
  { name: 'QUIRE_AGENT_PROVIDER', path: 'agent.provider', help: 'openai (any Chat Completions server) or anthropic' },
  { name: 'QUIRE_AGENT_BASE_URL', path: 'agent.baseUrl', help: 'Base URL of the model provider' },
  { name: 'QUIRE_AGENT_API_KEY', path: 'agent.apiKey', help: 'API key of the model provider' },
  { name: 'QUIRE_AGENT_MODELS', path: 'agent.models', list: true, help: 'Allowed models, comma-separated; the first is the default' },
  { name: 'QUIRE_AGENT_MAX_JOBS_PER_HOUR', path: 'agent.maxJobsPerProjectPerHour', help: 'Agent jobs per project per hour (default 100)' },
  { name: 'QUIRE_AGENT_MAX_STEPS', path: 'agent.maxSteps', help: 'Model calls per agent run (default 40)' },
  { name: 'QUIRE_AGENT_MAX_TOKENS', path: 'agent.maxTokens', help: 'Tokens (input + output) per agent run (default 500000)' },
  { name: 'QUIRE_AGENT_TIMEOUT', path: 'agent.timeoutSeconds', help: 'Wall-clock limit of one agent run in seconds (default 900)' },
  { name: 'QUIRE_AGENT_VALIDATION_ROUNDS', path: 'agent.validationRounds', help: 'Rounds of site-validation problems given back to the model (default 2)' },
  { name: 'QUIRE_AGENT_MAX_RETRIES', path: 'agent.maxRetries', help: 'Retries of a failed provider request, with backoff (default 3)' },
  { name: 'QUIRE_AGENT_AUTHOR_NAME', path: 'agent.authorName', help: 'Author name of the agent\'s commits (default Quire Agent)' },
  { name: 'QUIRE_AGENT_AUTHOR_EMAIL', path: 'agent.authorEmail', help: 'Author email of the agent\'s commits (default agent@quire.invalid)' },
  { name: 'QUIRE_FORGE', path: 'forge.kind', help: 'github (open pull requests) or git (push only) (default git)' },
  { name: 'QUIRE_GITHUB_TOKEN', path: 'forge.githubToken', help: 'GitHub token for opening pull requests (never logged)' },
  { name: 'QUIRE_GITHUB_API_URL', path: 'forge.githubApiUrl', help: 'GitHub REST URL (default https://api.github.com; Enterprise: https://HOST/api/v3)' },
  { name: 'QUIRE_FORGE_PR_URL_TEMPLATE', path: 'forge.prUrlTemplate', help: 'prLink of the git forge, e.g. https://git.example.com/{repo}/compare/{base}...{branch}' },
];
