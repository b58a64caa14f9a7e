/**
 * Checks the agent's work with the export engine's site validation and keeps only the
 * problems the agent introduced: each check is compared with the one taken on the
 * checkout before the agent started, so a repository with old broken links does not
 * hold every job hostage.
 */
import path from 'node:path';
import type { Diagnostic } from '../render/types.js';

export interface SiteValidation {
  diagnostics: Diagnostic[];
  brokenLinks: { file: string; href: string; line?: number }[];
  unreachablePages: string[];
}

/** The export engine's `validateSite(root)`, injected so the runtime does not depend on a driver. */
export type SiteValidator = (docsRoot: string) => Promise<SiteValidation>;

/** One check, as a set of keyed problems (the key ignores line numbers, which shift). */
export type SiteCheck = Map<string, string>;

/**
 * Validates the docs folder `docsPath` of the workspace. Problems name files from the
 * repository root, as the model's tools do.
 */
export async function checkSite(validate: SiteValidator, workspaceRoot: string, docsPath: string): Promise<SiteCheck> {
  const docsRoot = path.join(workspaceRoot, docsPath);
  const inRepo = (file: string) => path.posix.join(docsPath.split(path.sep).join('/'), file);
  const problems: SiteCheck = new Map();
  let report: SiteValidation;
  try {
    report = await validate(docsRoot);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problems.set(`failed|${message}`, `The site could not be validated: ${message}`);
    return problems;
  }
  for (const d of report.diagnostics) {
    if (d.severity !== 'error') continue;
    const where = `${inRepo(d.file)}${d.line ? `:${d.line}` : ''}${d.path ? ` (${d.path})` : ''}`;
    problems.set(`diag|${d.file}|${d.path ?? ''}|${d.message.replace(/\d+:\d+(-\d+:\d+)?/g, '')}`, `${where}: ${d.message}`);
  }
  for (const link of report.brokenLinks) {
    problems.set(`link|${link.file}|${link.href}`, `${inRepo(link.file)}${link.line ? `:${link.line}` : ''}: broken link to "${link.href}"`);
  }
  for (const page of report.unreachablePages) {
    problems.set(`unreachable|${page}`, `page "${page}" (${inRepo(page)}.mdx) is not in the navigation of ${inRepo('docs.json')}`);
  }
  return problems;
}

/** Problems present now that were not there at the start. */
export function newProblems(baseline: SiteCheck, current: SiteCheck): string[] {
  const out: string[] = [];
  for (const [key, text] of current) if (!baseline.has(key)) out.push(text);
  return out;
}

export function describeProblems(problems: string[], round: number, rounds: number): string {
  return [
    `Site validation after your changes found ${problems.length} new problem${problems.length === 1 ? '' : 's'}:`,
    ...problems.map((p) => `- ${p}`),
    `Fix them with the tools, then reply with your summary again. (Validation round ${round} of ${rounds}.)`,
  ].join('\n');
}
