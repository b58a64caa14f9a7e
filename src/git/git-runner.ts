/**
 * Runs `git` for the agent's workspace and for an export's checkout of a project (its
 * own module, below both core and agent): always through execFile with an argument
 * list (never a shell string), with credentials passed through environment-based git
 * configuration (`GIT_CONFIG_*`, never argv, never a file in the workspace), and with
 * every URL credential and token scrubbed from the messages it raises.
 */
import { execFile } from 'node:child_process';

/** Credentials for the project's repository, from the operator's configuration. */
export interface GitCredentials {
  /** Token for https remotes, sent as HTTP basic auth in an extra header. */
  token?: string;
  /** User name paired with the token. @default 'x-access-token' (GitHub's convention) */
  username?: string;
  /** Private key file for ssh remotes. */
  sshKeyPath?: string;
}

export class GitCommandError extends Error {
  constructor(message: string, readonly stderr: string) {
    super(message);
    this.name = 'GitCommandError';
  }
}

/** Removes `user:password@` from URLs and the given secrets from a text. */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1***@');
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

/** True for `https://`, `http://`, `ssh://`, `git://`, `file://` and scp-like `user@host:path`. */
export function isRemoteUrl(repository: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repository) || /^[^/\s]+@[^/\s]+:/.test(repository);
}

export class GitRunner {
  private readonly env: NodeJS.ProcessEnv;
  private readonly secrets: string[];

  constructor(repository: string, credentials: GitCredentials = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
    for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY']) delete env[name];
    const config: [string, string][] = [['commit.gpgsign', 'false']];
    this.secrets = [];
    if (credentials.token && /^https?:\/\//i.test(repository)) {
      const origin = new URL(repository).origin;
      const basic = Buffer.from(`${credentials.username ?? 'x-access-token'}:${credentials.token}`).toString('base64');
      // Scoped to the repository's host so the token never goes to another server.
      config.push([`http.${origin}/.extraHeader`, `Authorization: Basic ${basic}`]);
      this.secrets.push(credentials.token, basic);
    }
    if (credentials.sshKeyPath) {
      env.GIT_SSH_COMMAND = `ssh -i '${credentials.sshKeyPath.replace(/'/g, `'\\''`)}' -o IdentitiesOnly=yes -o BatchMode=yes`;
    }
    env.GIT_CONFIG_COUNT = String(config.length);
    config.forEach(([key, value], i) => {
      env[`GIT_CONFIG_KEY_${i}`] = key;
      env[`GIT_CONFIG_VALUE_${i}`] = value;
    });
    this.env = env;
  }

  scrub(text: string): string {
    return scrubSecrets(text, this.secrets);
  }

  /** Runs git and returns stdout; throws GitCommandError with a scrubbed message. */
  run(args: string[], options: { cwd?: string; signal?: AbortSignal } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'git',
        args,
        { cwd: options.cwd, env: this.env, signal: options.signal, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          if (options.signal?.aborted) return reject(options.signal.reason as unknown); // whatever the caller aborted with, as fetch does
          const detail = this.scrub(String(stderr || error.message).trim()).split('\n').slice(-5).join('\n');
          reject(new GitCommandError(this.scrub(`git ${args[0]} failed: ${detail}`), this.scrub(String(stderr))));
        },
      );
    });
  }
}
