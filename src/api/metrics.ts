/**
 * Prometheus metrics at `GET /metrics`: request counts and latencies by method, route
 * pattern and status, prom-client's default process metrics, and the job metrics.
 *
 * The request series are kept here rather than in prom-client: its labelled
 * `inc`/`observe` validate and hash the label object on every call, which costs more
 * per request than everything else this module does. Each series here is found with
 * one string key and rendered in the same text format.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { ignoredErrorCounts } from '../core/ignored-errors.js';
import { jobRegistry, jobStateRegistry } from '../core/job-metrics.js';
import type { Store } from '../store/types.js';

const REQUESTS = 'quire_http_requests_total';
const LATENCY = 'quire_http_request_duration_seconds';
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface Series {
  /** `method="GET",route="/healthz",status="200"` */
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
}

function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Request counts and a latency histogram by method, route and status. */
export class RequestMetrics {
  /** Every series, in the order first seen. */
  private readonly all: Series[] = [];
  /**
   * The series by route, method and status: the route and method strings are the same
   * few objects on every request, so each level is a lookup by a cached hash, without
   * building a key string per request.
   */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let s = byStatus.get(status);
    if (!s) {
      const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`;
      s = { labels, count: 0, sum: 0, buckets: new Array<number>(BUCKETS.length + 1).fill(0) };
      byStatus.set(status, s);
      this.all.push(s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++;
    s.buckets[i]++;
  }

  /** Both metrics in the Prometheus text format, as prom-client writes them. */
  render(): string {
    const all = this.all;
    const lines = [`# HELP ${REQUESTS} HTTP requests answered`, `# TYPE ${REQUESTS} counter`];
    for (const s of all) lines.push(`${REQUESTS}{${s.labels}} ${s.count}`);
    lines.push('', `# HELP ${LATENCY} Time to answer HTTP requests`, `# TYPE ${LATENCY} histogram`);
    for (const s of all) {
      let cumulative = 0;
      for (let i = 0; i <= BUCKETS.length; i++) {
        cumulative += s.buckets[i];
        lines.push(`${LATENCY}_bucket{le="${i < BUCKETS.length ? BUCKETS[i] : '+Inf'}",${s.labels}} ${cumulative}`);
      }
      lines.push(`${LATENCY}_sum{${s.labels}} ${s.sum}`, `${LATENCY}_count{${s.labels}} ${s.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/**
 * The process metrics, the job metrics (core/job-metrics.ts) and the ignored-error counts
 * (core/ignored-errors.ts), as one Prometheus text:
 * what `/metrics` of the API and of `quire worker` both serve.
 */
export function processMetrics(store: Store): { contentType: string; render(): Promise<string> } {
  const own = new Registry();
  collectDefaultMetrics({ register: own });
  new Counter({
    name: 'quire_ignored_errors_total',
    help: 'Errors this process went on after, by the place they happened (details at debug log level)',
    labelNames: ['site'],
    registers: [own],
    // The counts live in core/ignored-errors.ts (no prom-client there): copied in when read.
    collect() {
      this.reset();
      for (const [site, n] of ignoredErrorCounts()) this.inc({ site }, n);
    },
  });
  const all = Registry.merge([own, jobRegistry, jobStateRegistry(store)]);
  return { contentType: all.contentType, render: () => all.metrics() };
}

/** Serves `GET /metrics`: `metrics` (fed by app.ts as requests finish), the process and the job metrics. */
export function installMetrics(app: FastifyInstance, metrics: RequestMetrics, store: Store): void {
  const shared = processMetrics(store);
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.type(shared.contentType);
    return `${await shared.render()}\n${metrics.render()}`;
  });
}
