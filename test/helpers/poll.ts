/** Polls until a condition holds or a deadline passes (for jobs running in the background). */
export async function pollUntil<T>(fn: () => Promise<T>, done: (value: T) => boolean, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const value = await fn();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
