/**
 * Memory probe for an export (issue 21): where its peak RSS goes, per thread. Loaded into
 * every thread of the process with `--import`, it samples that thread's V8 heap every 50 ms
 * (spaces, external memory, ArrayBuffers, WebAssembly memories it instantiated) and, from
 * the thread that started a worker, the worker's heap through worker.getHeapStatistics()
 * (answered even while the worker runs a long synchronous task, when its own timer cannot
 * fire); the main thread adds VmRSS from /proc/self/status, the export thread its phases.
 * Plain JavaScript so that Node loads it into worker threads as is.
 *
 *   MEMPROBE_OUT=/tmp/m.jsonl node --import ./bench/memory-probe.mjs bin/quire.js export DIR --out OUT
 *   node bench/memory-report.mjs /tmp/m.jsonl [step ms]
 *
 * Sampling costs CPU of its own: compare CPU without it.
 */
import v8 from 'node:v8';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread, threadId, workerData, parentPort } from 'node:worker_threads';

const out = process.env.MEMPROBE_OUT;
if (out) start(out);

function start(file) {
  const require = createRequire(import.meta.url);
  // One clock for every thread: the first thread sets it, the workers inherit the environment.
  const t0 = Number(process.env.MEMPROBE_T0 || Date.now());
  process.env.MEMPROBE_T0 = String(t0);
  const data = workerData && typeof workerData === 'object' ? workerData : {};
  const role = isMainThread ? 'main' : 'script' in data ? 'sandbox' : 'outDir' in data ? 'export' : 'render';
  const kb = (n) => Math.round(n / 1024);
  const log = (o) => appendFileSync(file, JSON.stringify({ t: Date.now() - t0, ...o }) + '\n');

  const memories = [];
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (...args) {
    const res = await instantiate.apply(this, args);
    for (const v of Object.values((res.instance ?? res).exports)) if (v instanceof WebAssembly.Memory) memories.push(v);
    return res;
  };
  // Emscripten builds (QuickJS) create their memory in JavaScript.
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (descriptor) {
    const m = new Memory(descriptor);
    memories.push(m);
    return m;
  };
  WebAssembly.Memory.prototype = Memory.prototype;

  const status = () => {
    const s = readFileSync('/proc/self/status', 'utf8');
    const field = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { VmRSS: field('VmRSS'), RssAnon: field('RssAnon'), RssFile: field('RssFile') };
  };
  const sample = () => {
    const h = v8.getHeapStatistics();
    const spaces = {};
    for (const s of v8.getHeapSpaceStatistics()) if (s.space_size) spaces[s.space_name.replace('_space', '')] = kb(s.space_size);
    log({ tid: threadId, role, total: kb(h.total_heap_size), used: kb(h.used_heap_size), malloced: kb(h.malloced_memory), peakMalloced: kb(h.peak_malloced_memory),
      ext: kb(h.external_memory), ab: kb(process.memoryUsage().arrayBuffers), wasm: kb(memories.reduce((a, m) => a + m.buffer.byteLength, 0)), spaces, ...(isMainThread ? status() : {}) });
  };

  // Workers this thread starts, sampled from here.
  const threads = require('node:worker_threads');
  const children = [];
  threads.Worker = class extends threads.Worker {
    constructor(...args) {
      super(...args);
      children.push(this);
      const tid = this.threadId;
      // Logged when this thread sees it (a busy thread sees it late): the report shows the worker gone from then on.
      this.once('exit', () => {
        children.splice(children.indexOf(this), 1);
        log({ tid, exited: true });
      });
    }
  };
  syncBuiltinESMExports();
  const sampleChildren = async () => {
    for (const w of children) {
      const h = await w.getHeapStatistics().catch(() => undefined); // the worker ended meanwhile: nothing to sample
      if (h) log({ tid: w.threadId, via: true, total: kb(h.total_heap_size), used: kb(h.used_heap_size), ext: kb(h.external_memory) });
    }
  };

  if (role === 'export') {
    const post = parentPort.postMessage.bind(parentPort);
    let phase;
    parentPort.postMessage = (msg, ...rest) => {
      if (msg?.progress && msg.progress.phase !== phase) log({ phase: (phase = msg.progress.phase) });
      return post(msg, ...rest);
    };
  }
  sample();
  setInterval(() => {
    sample();
    void sampleChildren();
  }, 50).unref();
}
