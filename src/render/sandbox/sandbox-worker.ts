/**
 * The sandbox thread: QuickJS compiled to WebAssembly, with no host function exposed to
 * it (no file system, network, clock or process), one runtime and context per page
 * session with a memory limit, and a deadline per component call enforced by QuickJS's
 * interrupt handler. The host (component-sandbox.ts) calls it synchronously through a
 * MessagePort and an Atomics flag, and ends the whole thread when a call overruns its
 * hard limit (a built-in such as Array.prototype.fill never checks the deadline).
 *
 * Each page's context is made before the page asks for it: after every answer the thread
 * makes the next one (a runtime, a context, Preact's runtime evaluated: ~5 ms, most of a
 * component's render), while the host goes on with its page. It is as fresh as one made on
 * demand: no page's code has run in it.
 *
 * Started as a file of its own, without tsx: from the sources Node strips its types
 * itself, so it imports packages and types only (a render worker blocked in
 * Atomics.wait cannot serve the loader hooks of a thread it starts).
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSRuntime, type QuickJSSyncVariant } from 'quickjs-emscripten-core';
import * as variantModule from '@jitl/quickjs-wasmfile-release-sync';
import type { SandboxRequest, SandboxResponse, WorkerData } from './protocol.js';

const { port, flag, limits, script, builtins } = workerData as WorkerData & { port: MessagePort };

interface Session {
  rt: QuickJSRuntime;
  ctx: QuickJSContext;
  defined: Set<string>;
}

// A CommonJS package seen from ESM: the variant is its `default` export.
const variant = (variantModule as unknown as { default: QuickJSSyncVariant }).default;
const quickjs = await newQuickJSWASMModuleFromVariant(variant);
const sessions = new Map<string, Session>();

function open(): Session {
  const rt = quickjs.newRuntime();
  rt.setMemoryLimit(limits.memoryMb * 1024 * 1024);
  rt.setMaxStackSize(1024 * 1024);
  const ctx = rt.newContext();
  ctx.unwrapResult(ctx.evalCode(script, 'quire-sandbox-runtime.js')).dispose();
  ctx.unwrapResult(ctx.evalCode(`__quire.provide(${JSON.stringify(builtins)})`, 'quire-sandbox-runtime.js')).dispose();
  return { rt, ctx, defined: new Set() };
}

/** The next page's context, made while the host works (see above). */
let spare: Session | undefined;
let making = false;

/** Makes the spare context once the thread is idle. */
function makeSpare(): void {
  if (spare || making) return;
  making = true;
  setImmediate(() => {
    making = false;
    spare ??= open();
  });
}

/** A fresh context for a new page session: the spare one if made. */
function fresh(): Session {
  const s = spare ?? open();
  spare = undefined;
  return s;
}

function close(id: string): void {
  const s = sessions.get(id);
  if (!s) return;
  sessions.delete(id);
  s.ctx.dispose();
  s.rt.dispose();
}

function run(s: Session, code: string, file: string): string {
  s.rt.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeMs));
  const result = s.ctx.evalCode(code, file);
  if (result.error) {
    const dumped = s.ctx.dump(result.error) as { name?: string; message?: string; stack?: string } | string;
    result.error.dispose();
    const err = typeof dumped === 'object' && dumped ? dumped : { message: String(dumped) };
    throw Object.assign(new Error(String(err.message ?? 'error')), { name: String(err.name ?? 'Error'), sandboxStack: String(err.stack ?? '') });
  }
  const value = s.ctx.typeof(result.value) === 'string' ? s.ctx.getString(result.value) : '';
  result.value.dispose();
  return value;
}

function render(req: Extract<SandboxRequest, { op: 'render' }>): SandboxResponse {
  let s = sessions.get(req.session);
  try {
    if (!s) sessions.set(req.session, (s = fresh()));
    for (const m of req.modules) {
      if (s.defined.has(m.id)) continue;
      s.defined.add(m.id);
      // On the wrapper's first line, so QuickJS reports the module's own line numbers.
      run(s, `__quire.define(${JSON.stringify(m.id)}, ${JSON.stringify(m.imports)}, function (module, exports, require) {${m.code}\n});`, m.file);
    }
    const html = run(s, `__quire.render(${JSON.stringify(req.module)}, ${JSON.stringify(req.name)}, ${JSON.stringify(req.props)})`, 'quire-render.js');
    return { seq: req.seq, html };
  } catch (err) {
    const e = err as Error & { sandboxStack?: string };
    // Out of memory or interrupted leaves the context unusable: the next call opens a fresh one.
    if (e.name === 'InternalError' || !(err instanceof Error) || !e.sandboxStack) close(req.session);
    return { seq: req.seq, error: { name: e.name, message: e.message, stack: e.sandboxStack ?? '' } };
  }
}

port.on('message', (req: SandboxRequest) => {
  if (req.op === 'close') return close(req.session);
  port.postMessage(render(req));
  Atomics.store(flag, 0, req.seq);
  Atomics.notify(flag, 0);
  makeSpare();
});
Atomics.store(flag, 1, 1);
Atomics.notify(flag, 1);
parentPort?.postMessage({ ready: true });
makeSpare();
