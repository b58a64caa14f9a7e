/**
 * Runs one turn of an agent job end to end: fresh clone, the agent loop with site
 * validation, then commit, push and pull request when files changed. Settles the job
 * (`completed` with its prLink, or `failed` with the reason) and records the transcript.
 *
 * Idempotent for at-least-once delivery: a stale or repeated delivery of a settled turn
 * does nothing; a re-delivered run starts again from a fresh clone, pushes its own
 * branch with a lease, and finds the existing pull request instead of opening another.
 */
import { AppError, UnrecoverableError } from '../core/errors.js';
import { commitMessage, pullRequestBody, pullRequestTitle, type TurnSummary } from './pull-request-text.js';
import { runAgent } from './run-agent.js';
import { checkSite, newProblems } from './site-check.js';
import { buildSystemPrompt } from './system-prompt.js';
import { agentTools, toolDefinitions } from './tools/tool-set.js';
import { lastCommitBefore, promptsOf, renderEarlierTurns, type StoredMessage, type TranscriptEntry } from './transcript.js';
import type { AgentJobDeps, AgentJobInput, AgentJobOutcome, AgentJobSnapshot } from './types.js';
import { openWorkspace, type Workspace } from './workspace.js';

function userMessageFor(messages: StoredMessage[], turn: number, prompt: string): string {
  if (turn === 1) return prompt;
  return [
    'This is a follow-up on your earlier work in this job. The repository is checked out on the job branch with your earlier changes.',
    '',
    '# Earlier in this job',
    renderEarlierTurns(messages, turn),
    '',
    '# New request',
    prompt,
  ].join('\n');
}

function turnSummaries(messages: StoredMessage[], current: TurnSummary): TurnSummary[] {
  const prompts = new Map(promptsOf(messages).map((p) => [p.turn, p.text]));
  const earlier: TurnSummary[] = [];
  for (const m of messages) {
    const c = m.content as { turn?: number; summary?: string; changedFiles?: string[] };
    if (m.role !== 'result' || typeof c.turn !== 'number' || c.turn >= current.turn) continue;
    earlier.push({ turn: c.turn, prompt: prompts.get(c.turn) ?? '', summary: c.summary ?? '', changedFiles: c.changedFiles ?? [] });
  }
  return [...earlier, current];
}

/** A timer-driven abort whose reason is the limit, combined with the worker's signal. */
function jobSignal(timeLimitMs: number, outer?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new UnrecoverableError(`Time limit reached: the job ran longer than ${Number((timeLimitMs / 1000).toFixed(1))} s`)),
    timeLimitMs,
  );
  const onOuter = () => controller.abort(outer!.reason);
  if (outer?.aborted) onOuter();
  outer?.addEventListener('abort', onOuter, { once: true });
  return { signal: controller.signal, clear: () => (clearTimeout(timer), outer?.removeEventListener('abort', onOuter)) };
}

export async function runAgentJob(input: AgentJobInput, deps: AgentJobDeps): Promise<AgentJobOutcome> {
  const { records } = deps;
  const job = await records.get(input.jobId);
  if (!job) return { status: 'skipped', reason: 'job not found' };
  if (job.status !== 'active') return { status: 'skipped', reason: `job is ${job.status}` };

  let messages = await records.listMessages(job.id);
  let prompts = promptsOf(messages);
  if (prompts.length === 0) {
    // A job inserted with only its prompt column: the transcript starts here.
    await records.appendMessages(job.id, [{ role: 'user', content: { turn: 1, text: job.prompt } }]);
    messages = await records.listMessages(job.id);
    prompts = promptsOf(messages);
  }
  const current = prompts[prompts.length - 1];
  if (input.turn !== undefined && input.turn !== current.turn) return { status: 'skipped', reason: `turn ${input.turn} is stale` };

  const { signal, clear } = jobSignal(deps.config.timeLimitMs, deps.signal);
  const record = (entries: TranscriptEntry[]) => records.appendMessages(job.id, entries);
  let workspace: Workspace | undefined;
  try {
    workspace = await openWorkspace({
      repository: job.repository,
      ref: job.baseRef,
      branch: job.branch,
      continueFrom: lastCommitBefore(messages, current.turn),
      credentials: deps.config.credentials,
      workRoot: deps.config.workRoot,
      signal,
    });
    const outcome = await runTurn(job, current, messages, workspace, deps, signal, record);
    await records.update(job.id, { status: 'completed', prLink: outcome.prLink, ...(outcome.prNumber !== undefined && { prNumber: outcome.prNumber }), failureReason: null }, ['active']);
    return { status: 'completed', prLink: outcome.prLink, changedFiles: outcome.changedFiles };
  } catch (error) {
    // Stopped by the worker (not by our time limit): leave the job active so the queue
    // hands it to the next worker.
    if (deps.signal?.aborted) throw error;
    const reason = failureReason(error);
    await record([{ role: 'error', content: { turn: current.turn, reason } }]);
    await records.update(job.id, { status: 'failed', failureReason: reason }, ['active']);
    return { status: 'failed', reason };
  } finally {
    clear();
    await workspace?.dispose();
  }
}

/** Known failures keep their message; anything else is reported as an internal error. */
function failureReason(error: unknown): string {
  if (error instanceof UnrecoverableError || error instanceof AppError) return error.message;
  return `Internal error: ${error instanceof Error ? error.message : String(error)}`;
}

async function runTurn(
  job: AgentJobSnapshot,
  current: { turn: number; text: string },
  messages: StoredMessage[],
  workspace: Workspace,
  deps: AgentJobDeps,
  signal: AbortSignal,
  record: (entries: TranscriptEntry[]) => Promise<void>,
): Promise<{ prLink: string | null; prNumber?: number; changedFiles: string[] }> {
  const validator = deps.validateSite ?? null;
  const baseline = validator ? await checkSite(validator, workspace.root, job.docsPath) : null;
  const result = await runAgent({
    provider: deps.provider,
    model: job.model,
    system: buildSystemPrompt({ repository: job.repository, ref: job.baseRef, docsPath: job.docsPath, tools: toolDefinitions(agentTools) }),
    userMessage: userMessageFor(messages, current.turn, current.text),
    turn: current.turn,
    workspaceRoot: workspace.root,
    docsPath: job.docsPath,
    limits: deps.config.limits,
    signal,
    validate: validator && baseline ? async () => newProblems(baseline, await checkSite(validator, workspace.root, job.docsPath)) : undefined,
    record,
  });

  const changedFiles = await workspace.changedFiles();
  let commit = lastCommitBefore(messages, current.turn);
  let prLink = job.prLink;
  let prNumber: number | undefined;
  if (changedFiles.length > 0) {
    commit = await workspace.commit(commitMessage(job.id, current.text, result.summary), deps.config.author);
    await workspace.push();
    const turns = turnSummaries(messages, { turn: current.turn, prompt: current.text, summary: result.summary, changedFiles });
    const pr = await deps.forge.openOrUpdatePullRequest({
      repository: job.repository,
      base: job.baseRef,
      head: job.branch,
      title: pullRequestTitle(job.prompt),
      body: pullRequestBody(job.id, turns, result.remainingProblems, validator !== null),
    });
    prLink = pr.url;
    prNumber = pr.number;
  }
  await record([
    { role: 'result', content: { turn: current.turn, summary: result.summary, changedFiles, commit, prLink, remainingProblems: result.remainingProblems } },
  ]);
  return { prLink, prNumber, changedFiles };
}
