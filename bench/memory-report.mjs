/**
 * Reads what bench/memory-probe.mjs wrote: per thread, its peak heap and what it was made
 * of; then the process's RSS over time against the export's phases, with each thread's heap
 * (committed/used, MB) at that moment, the peak marked; a worker that has exited shows as `-`.
 *
 *   node bench/memory-report.mjs /tmp/m.jsonl [step ms, default 1000]
 */
import { readFileSync } from 'node:fs';

const lines = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const step = Number(process.argv[3] || 1000);
const MB = (k) => (k / 1024).toFixed(0);
const phases = lines.filter((l) => l.phase);
const own = new Map();
const via = new Map();
// When each ended worker was seen to exit (by the thread that started it).
const exited = new Map(lines.filter((l) => l.exited).map((l) => [l.tid, l.t]));
for (const l of lines) {
  if (l.phase || l.exited) continue;
  const m = l.via ? via : own;
  if (!m.has(l.tid)) m.set(l.tid, []);
  m.get(l.tid).push(l);
}
const roles = new Map([...own].map(([tid, ls]) => [tid, `${ls[0].role}#${tid}`]));
const max = (ls, f) => Math.max(0, ...ls.map(f));
for (const [tid, ls] of own) {
  const all = [...ls, ...(via.get(tid) ?? [])];
  const peak = all.reduce((a, b) => (b.total > a.total ? b : a));
  const spaces = ls.reduce((a, b) => (Math.abs(b.t - peak.t) < Math.abs(a.t - peak.t) ? b : a)).spaces;
  console.log(`${roles.get(tid)}: peak heap ${MB(peak.total)} MB committed (${MB(peak.used)} used) at ${peak.t} ms; max used ${MB(max(all, (l) => l.used))} MB; ` +
    `external ${MB(max(ls, (l) => l.ext))}, ArrayBuffers ${MB(max(ls, (l) => l.ab))}, WebAssembly ${MB(max(ls, (l) => l.wasm))}, malloced peak ${MB(max(ls, (l) => l.peakMalloced))} MB`);
  console.log(`  spaces near the peak (MB): ${Object.entries(spaces).map(([s, v]) => `${s} ${MB(v)}`).join(', ')}`);
}
const latest = (tid, t) => {
  if (exited.get(tid) <= t) return undefined;
  const a = (own.get(tid) ?? []).filter((l) => l.t <= t).at(-1);
  const b = (via.get(tid) ?? []).filter((l) => l.t <= t).at(-1);
  return !a ? b : b && b.t > a.t ? { ...a, total: b.total, used: b.used } : a;
};
const main = own.get(0);
const peak = main.reduce((a, b) => (b.VmRSS > a.VmRSS ? b : a));
console.log(`phases: ${phases.map((p) => `${p.phase} ${p.t} ms`).join(', ')}`);
console.log(`peak RSS ${MB(peak.VmRSS)} MB at ${peak.t} ms`);
let next = 0;
for (const m of main) {
  if (m.t < next && m !== peak) continue;
  next = m.t + step;
  let heaps = 0;
  let wasm = 0;
  const parts = [...own.keys()].map((tid) => {
    const s = latest(tid, m.t);
    if (!s) return `${roles.get(tid)} -`;
    heaps += s.total;
    wasm += s.wasm ?? 0;
    return `${roles.get(tid)} ${MB(s.total)}/${MB(s.used)}`;
  });
  const phase = phases.filter((p) => p.t <= m.t).at(-1)?.phase ?? '-';
  console.log(`${String(m.t).padStart(6)} ${phase.padEnd(6)} RSS ${MB(m.VmRSS)} (anon ${MB(m.RssAnon)}, file ${MB(m.RssFile)}) heaps ${MB(heaps)} wasm ${MB(wasm)} | ${parts.join(', ')}${m === peak ? '  <= peak' : ''}`);
}
