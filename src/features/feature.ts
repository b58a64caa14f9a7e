/**
 * What a feature of the service is: the routes it adds to the API and the worker that
 * runs its jobs. The service (src/service.ts) mounts every feature's routes in the API
 * process and starts every feature's worker where workers run (embedded `quire serve`,
 * or `quire worker` in scale-out mode), so the two processes can never disagree.
 */
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';

/** Starts a feature's job worker in this process; returns what to stop on shutdown, if anything. */
export type WorkerModule = (deps: AppDeps) => Promise<(() => void) | void>;

export interface Feature {
  /** For logs and tests: `exports`, `agent-jobs`. */
  name: string;
  routes: RouteModule;
  worker: WorkerModule;
}
