/**
 * Keeps one of Node's `process.nextTick` queue entries alive for the life of a server.
 *
 * nextTick makes each queue entry with an object literal whose first keys are computed
 * (Node's async id symbols). V8 remembers the hidden classes those keys lead to in
 * nextTick's feedback, weakly. When a full GC runs while no entry is alive (an idle
 * server after start-up), those hidden classes are collected, the next call finds its
 * feedback pointing at nothing, and V8 marks the literal's property stores megamorphic
 * for good. From then on every nextTick, several per HTTP request and inlined in Node's
 * stream code, defines its properties through the runtime
 * (`Runtime_DefineKeyedOwnPropertyInLiteral`): 3-4% of the API server's CPU under
 * `bench:api` load. A bare Fastify server did not show it under the same load; a plain
 * script that calls nextTick on 50 turns and then collects garbage does (tick-shape.test).
 *
 * One live entry keeps the hidden classes, so the feedback stays monomorphic.
 */
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/** Takes and keeps one queue entry (inside a tick callback the current resource is its entry). */
export function keepTickEntryShape(): void {
  if (kept) return;
  process.nextTick(() => {
    kept = executionAsyncResource();
  });
}
