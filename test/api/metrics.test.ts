/** The request series of `/metrics`: counts, cumulative buckets, sums, label escaping. */
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from '../../src/api/metrics.js';

describe('RequestMetrics', () => {
  it('renders counts and a cumulative histogram per method, route and status', () => {
    const m = new RequestMetrics();
    m.observe('GET', '/v2/agent/:projectId/job/:id', 200, 0.0004);
    m.observe('GET', '/v2/agent/:projectId/job/:id', 200, 0.003);
    m.observe('GET', '/v2/agent/:projectId/job/:id', 200, 3);
    m.observe('GET', '/v2/agent/:projectId/job/:id', 404, 0.001);
    const lines = m.render().split('\n');
    const labels = 'method="GET",route="/v2/agent/:projectId/job/:id",status="200"';
    expect(lines).toContain('# TYPE quire_http_requests_total counter');
    expect(lines).toContain(`quire_http_requests_total{${labels}} 3`);
    expect(lines).toContain('quire_http_requests_total{method="GET",route="/v2/agent/:projectId/job/:id",status="404"} 1');
    expect(lines).toContain('# TYPE quire_http_request_duration_seconds histogram');
    expect(lines).toContain(`quire_http_request_duration_seconds_bucket{le="0.001",${labels}} 1`);
    expect(lines).toContain(`quire_http_request_duration_seconds_bucket{le="0.0025",${labels}} 1`);
    expect(lines).toContain(`quire_http_request_duration_seconds_bucket{le="0.005",${labels}} 2`);
    expect(lines).toContain(`quire_http_request_duration_seconds_bucket{le="2.5",${labels}} 2`);
    expect(lines).toContain(`quire_http_request_duration_seconds_bucket{le="+Inf",${labels}} 3`);
    expect(lines).toContain(`quire_http_request_duration_seconds_count{${labels}} 3`);
    const sum = lines.find((l) => l.startsWith(`quire_http_request_duration_seconds_sum{${labels}}`));
    expect(Number(sum?.split(' ')[1])).toBeCloseTo(3.0034, 10);
    // A value on a bucket's bound counts in that bucket (le is "less or equal").
    expect(lines).toContain('quire_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/v2/agent/:projectId/job/:id",status="404"} 1');
  });

  it('escapes label values', () => {
    const m = new RequestMetrics();
    m.observe('GET', '/a"b\\c\nd', 200, 0.1);
    expect(m.render()).toContain('quire_http_requests_total{method="GET",route="/a\\"b\\\\c\\nd",status="200"} 1');
  });
});
