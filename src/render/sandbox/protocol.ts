/**
 * What the render thread and the sandbox thread say to each other (component-sandbox.ts,
 * sandbox-worker.ts): plain data only, structured-cloned over a MessagePort.
 */

/** A compiled module of page code (a page's ESM, a .jsx/.tsx snippet), CommonJS-shaped. */
export interface SandboxModule {
  /** Unique per site: the file relative to the docs root. */
  id: string;
  /** The name QuickJS gives in stack traces (the same file). */
  file: string;
  code: string;
  /** Import specifier -> id of a module defined before this one. */
  imports: Record<string, string>;
}

export interface SandboxLimits {
  /** Deadline of one component call inside QuickJS (its interrupt handler), in ms. */
  timeMs: number;
  /** Past this the host ends the sandbox thread (a built-in that never checks the deadline), in ms. */
  hardTimeMs: number;
  /** Memory of one page's QuickJS runtime, in MB. */
  memoryMb: number;
}

export type SandboxRequest =
  | { op: 'render'; seq: number; session: string; modules: SandboxModule[]; module: string; name: string; props: string }
  | { op: 'close'; session: string };

export type SandboxResponse = { seq: number; html: string } | { seq: number; error: { name: string; message: string; stack: string } };

export interface WorkerData {
  /** [0]: sequence number of the last answer; [1]: 1 once QuickJS is loaded. */
  flag: Int32Array;
  limits: SandboxLimits;
  /** The sandbox runtime (runtime-bundle.ts), evaluated first in every context. */
  script: string;
  /** Names of Quire's built-in components, given to page code as placeholder components. */
  builtins: string[];
}
