// Loaded with `node --import` into the export child of bench/real.ts: when the process
// exits, its own resource usage (every thread: user and system CPU, peak RSS) goes to the
// file QUIRE_BENCH_RUSAGE names, so the figures are the export's and nothing else's.
import { writeFileSync } from 'node:fs';

const file = process.env.QUIRE_BENCH_RUSAGE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ userUs: u.userCPUTime, systemUs: u.systemCPUTime, maxRssKb: u.maxRSS }));
  });
}
