/** Creating projects: a docs domain, its repository, ref and docs folder, validated. */
import { isAbsolute, normalize } from 'node:path';
import type { Store } from '../store/types.js';
import { findOrganization } from '../store/records/organizations.js';
import { findProjectByDomain, insertProject, type Project } from '../store/records/projects.js';
import { ConflictError, InvalidError, NotFoundError } from './errors.js';
import { newId, nowIso } from './ids.js';

export type { Project };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Returns why `domain` is not a bare hostname, or null when it is one. */
export function domainProblem(domain: unknown): string | null {
  if (typeof domain !== 'string' || domain.length === 0) return 'domain is required';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(domain)) return `domain must be a bare hostname without a scheme: "${domain}"`;
  if (domain.includes('/')) return `domain must be a bare hostname without a path: "${domain}"`;
  if (/:\d*$/.test(domain)) return `domain must be a bare hostname without a port: "${domain}"`;
  if (domain.length > 253) return 'domain is longer than 253 characters';
  const labels = domain.toLowerCase().split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return `domain is not a valid hostname: "${domain}"`;
  return null;
}

/** Accepts git URLs (https, http, ssh, git, file, scp-like `git@host:path`) and absolute local paths. */
export function repositoryProblem(repo: string): string | null {
  if (!repo) return 'repository is required';
  if (/^(https?|ssh|git|file):\/\/\S+$/.test(repo)) return null;
  if (/^[\w.-]+@[\w.-]+:\S+$/.test(repo)) return null;
  if (isAbsolute(repo)) return null;
  return `repository must be a git URL (https, ssh, file) or an absolute path: "${repo}"`;
}

export interface CreateProjectOptions {
  orgId: string;
  domain: string;
  repository: string;
  /** @default 'main' */
  ref?: string;
  /** Folder inside the repository holding docs.json. @default '.' */
  docsPath?: string;
  /** Include the site's own .js files in its exports. @default false */
  siteScripts?: boolean;
}

export async function createProject(store: Store, o: CreateProjectOptions): Promise<Project> {
  const problem = domainProblem(o.domain) ?? repositoryProblem(o.repository);
  if (problem) throw new InvalidError(problem);
  const ref = o.ref ?? 'main';
  if (!/^[\w./-]+$/.test(ref) || ref.startsWith('-') || ref.includes('..')) throw new InvalidError(`Invalid ref "${ref}"`);
  const docsPath = normalize(o.docsPath ?? '.').replace(/\/+$/, '') || '.';
  if (isAbsolute(docsPath) || docsPath.split('/').includes('..')) throw new InvalidError(`Invalid docs path "${o.docsPath}": must stay inside the repository`);
  if (!(await findOrganization(store.db, o.orgId))) throw new NotFoundError(`Organization not found: ${o.orgId}`);
  const domain = o.domain.toLowerCase();
  if (await findProjectByDomain(store.db, domain)) throw new ConflictError(`A project already uses the domain ${domain}`);
  return insertProject(store.db, {
    id: newId('prj'),
    orgId: o.orgId,
    domain,
    repository: o.repository,
    defaultRef: ref,
    docsPath,
    siteScripts: o.siteScripts === true,
    createdAt: nowIso(),
  });
}
