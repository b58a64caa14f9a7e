/** A one-line progress bar on a terminal; plain status lines when not a terminal. */
export interface ProgressLine {
  update(fraction: number, label: string): void;
  done(finalLine?: string): void;
}

export function progressLine(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): ProgressLine {
  let lastPlain = '';
  return {
    update(fraction, label) {
      const pct = Math.max(0, Math.min(100, Math.round(fraction * 100)));
      if (stream.isTTY) {
        const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - label.length - 12));
        const filled = Math.round((pct / 100) * width);
        stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${label}\x1b[K`);
      } else {
        const line = `${pct}% ${label}`;
        if (line !== lastPlain) stream.write(`${line}\n`);
        lastPlain = line;
      }
    },
    done(finalLine) {
      if (stream.isTTY) stream.write('\r\x1b[K');
      if (finalLine) stream.write(`${finalLine}\n`);
    },
  };
}
