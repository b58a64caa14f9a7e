/**
 * Groups an export's diagnostics into kinds for the real-site benchmark: the message with
 * what varies from one occurrence to the next (quoted names, paths, numbers, the parser's
 * reason after "MDX syntax error:") blanked out, so `unknown icon "waveform"` and
 * `unknown icon "people-group"` are one kind. Each kind keeps its count and one example.
 */
export interface DiagnosticLike {
  severity: 'error' | 'warning';
  file: string;
  line?: number;
  message: string;
}

export interface DiagnosticKind {
  severity: 'error' | 'warning';
  kind: string;
  count: number;
  /** One occurrence, as `file:line: message`. */
  example: string;
}

/** The kind of one message. */
export function diagnosticKind(message: string): string {
  return (
    message
      // a syntax error's own text varies with the page: keep the first words
      .replace(/^(MDX syntax error: [^;:,(]{0,40})[^;]*/, '$1…')
      // a JSX value (cut short in the message) and an operation vary too
      .replace(/=\{[\s\S]*?\}(?= on <)/g, '={…}')
      .replace(/\bon page \S+?(?=[:;,]|$)/g, 'on page …')
      .replace(/\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK) \S+/gi, 'METHOD …')
      .replace(/<[A-Z][\w.]*>/g, '<…>')
      .replace(/"[^"]*"/g, '"…"')
      .replace(/“[^”]*”/g, '“…”')
      .replace(/`[^`]*`/g, '`…`')
      .replace(/'[^'\s]*'/g, "'…'")
      .replace(/(?:\/?[\w.@~-]+\/)+[\w.@~-]*/g, '…')
      .replace(/\b[\w-]+\.(?:mdx?|json|ya?ml|jsx?|tsx?|png|svg|jpe?g|gif|webp|mp4)\b/gi, '…')
      .replace(/\d+(?:\.\d+)?/g, 'N')
      .slice(0, 160)
  );
}

/** Kinds by severity (errors first), most frequent first. */
export function diagnosticKinds(list: DiagnosticLike[]): DiagnosticKind[] {
  const kinds = new Map<string, DiagnosticKind>();
  for (const d of list) {
    const kind = diagnosticKind(d.message);
    const key = `${d.severity}\0${kind}`;
    const seen = kinds.get(key);
    if (seen) seen.count++;
    else kinds.set(key, { severity: d.severity, kind, count: 1, example: `${d.file}${d.line ? `:${d.line}` : ''}: ${d.message.replace(/\s*\n\s*/g, ' ')}` });
  }
  return [...kinds.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
}
