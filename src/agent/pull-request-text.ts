/**
 * Commit message and pull request title and body of an agent job: the request, the
 * agent's summary of each turn, the files changed and the result of the site validation.
 */

export interface TurnSummary {
  turn: number;
  prompt: string;
  summary: string;
  changedFiles: string[];
}

function firstLine(text: string, max: number): string {
  const line = text.trim().split('\n')[0].trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

export function pullRequestTitle(firstPrompt: string): string {
  return `Docs: ${firstLine(firstPrompt, 64)}`;
}

export function commitMessage(jobId: string, prompt: string, summary: string): string {
  return `${pullRequestTitle(prompt)}\n\n${summary.trim() || 'Changes made by the Quire documentation agent.'}\n\nQuire-Agent-Job: ${jobId}\n`;
}

export function pullRequestBody(jobId: string, turns: TurnSummary[], remainingProblems: string[], validated: boolean): string {
  const parts: string[] = [];
  for (const t of turns) {
    parts.push(`### ${turns.length > 1 ? `Request ${t.turn}` : 'Request'}`, '', `> ${t.prompt.trim().split('\n').join('\n> ')}`, '');
    parts.push(t.summary.trim() || '_No summary given._', '');
    if (t.changedFiles.length > 0) parts.push('Files changed:', ...t.changedFiles.map((f) => `- \`${f}\``), '');
  }
  parts.push('### Site validation', '');
  if (!validated) parts.push('Not run (the site validation is not available on this server).');
  else if (remainingProblems.length === 0) parts.push('Passed: no new broken links, MDX errors, docs.json errors or unreachable pages.');
  else parts.push(`${remainingProblems.length} problem(s) remain and need a human look:`, ...remainingProblems.map((p) => `- ${p}`));
  parts.push('', `---`, `Opened by the Quire documentation agent, job \`${jobId}\`.`);
  return parts.join('\n');
}
