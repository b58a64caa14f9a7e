/**
 * The render thread's side of the component sandbox: one sandbox thread per render
 * thread (started on the first custom component, kept for the next pages), called
 * synchronously so that page rendering stays synchronous. A call that outlives its hard
 * limit ends the sandbox thread; the next call starts a fresh one. A page opens a
 * session (one QuickJS context, so pages cannot see each other's state) and closes it
 * when it is rendered.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { sandboxRuntime } from './runtime-bundle.js';
import type { SandboxLimits, SandboxModule, SandboxRequest, SandboxResponse } from './protocol.js';

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 1000, hardTimeMs: 5000, memoryMb: 64 };
/** Loading QuickJS and the Preact runtime in a new thread: not counted in a call's limit. */
const BOOT_MS = 30_000;

export type RenderResult = { html: string } | { error: { name: string; message: string; stack: string } };

let sessions = 0;

export class ComponentSandbox {
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private flag = new Int32Array(new SharedArrayBuffer(8));
  private seq = 0;
  private booting: Promise<void> | undefined;
  /** Why the last sandbox thread ended on an error (it could not load QuickJS, for one). */
  private failure: string | undefined;
  /** Sandbox threads started (1 + the ones replaced after a hard time-out). */
  started = 0;

  constructor(readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS) {}

  private start(): void {
    const { port1, port2 } = new MessageChannel();
    this.flag = new Int32Array(new SharedArrayBuffer(8));
    this.seq = 0;
    // From the sources the .ts file runs as is (Node strips its types); from dist, the .js file.
    const file = new URL(`./sandbox-worker${new URL(import.meta.url).pathname.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
    this.worker = new Worker(file, {
      workerData: { port: port2, flag: this.flag, limits: this.limits, script: sandboxRuntime().script },
      transferList: [port2],
      // QuickJS's heap is WebAssembly memory, capped by limits.memoryMb; this caps the thread's own JS.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    const worker = this.worker;
    this.booting = new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    });
    worker.unref();
    worker.on('error', (err: Error) => {
      this.failure = err.message;
      this.stop();
    });
    port1.unref();
    this.port = port1;
    this.started++;
  }

  /** Ends the sandbox thread (the next call starts another). */
  stop(): void {
    void this.worker?.terminate();
    this.port?.close();
    this.worker = undefined;
    this.port = undefined;
    this.booting = undefined;
  }

  /**
   * Starts the sandbox thread and waits for it without blocking this thread. Called before
   * a page with custom components renders: run from the sources, a thread's module loading
   * goes through loader hooks that the starting thread serves, which it cannot do while
   * blocked in a synchronous call.
   */
  async ready(): Promise<void> {
    if (!this.worker) this.start();
    await this.booting;
  }

  newSession(): string {
    return `page-${++sessions}`;
  }

  closeSession(session: string): void {
    if (this.port) this.port.postMessage({ op: 'close', session } satisfies SandboxRequest);
  }

  /** Renders `name` exported by module `module` (defined from `modules`, dependencies first) with JSON `props`. */
  render(session: string, modules: SandboxModule[], module: string, name: string, props: string): RenderResult {
    if (!this.worker) this.start();
    const flag = this.flag;
    const port = this.port!;
    if (Atomics.load(flag, 1) === 0 && Atomics.wait(flag, 1, 0, BOOT_MS) === 'timed-out') {
      this.stop();
      return { error: { name: 'SandboxError', message: `the sandbox did not start${this.failure ? ` (${this.failure})` : ''}`, stack: '' } };
    }
    const seq = ++this.seq;
    if (!this.worker) return { error: { name: 'SandboxError', message: `the sandbox ended${this.failure ? ` (${this.failure})` : ''}`, stack: '' } };
    port.postMessage({ op: 'render', seq, session, modules, module, name, props } satisfies SandboxRequest);
    const deadline = Date.now() + this.limits.hardTimeMs;
    while (Atomics.load(flag, 0) < seq) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(flag, 0, seq - 1, left) === 'timed-out') {
        this.stop();
        return { error: { name: 'TimeLimit', message: `went past the hard time limit of ${this.limits.hardTimeMs} ms; the sandbox was restarted`, stack: '' } };
      }
    }
    for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
      const answer = m.message as SandboxResponse;
      if (answer.seq === seq) return 'html' in answer ? { html: answer.html } : { error: answer.error };
    }
    return { error: { name: 'SandboxError', message: 'the sandbox gave no answer', stack: '' } };
  }
}

let shared: ComponentSandbox | undefined;

/** The sandbox of this thread. */
export function threadSandbox(): ComponentSandbox {
  return (shared ??= new ComponentSandbox());
}
