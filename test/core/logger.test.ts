/** The hand-built access line matches what pino writes, and request loggers are made lazily. */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLineWriter, type RequestLine } from '../../src/core/logger.js';

function sink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { stream, lines };
}

const fields = { reqId: 'abc"d', method: 'GET', url: '/v2/agent/p/job/j?x="y"&z=\\', status: 200, ms: 1.5 };

/** Writes `line` through requestLineWriter(logger). */
function writeLine(logger: ReturnType<typeof createLogger>, line: RequestLine): void {
  requestLineWriter(logger)(line.reqId, line.method, line.url, line.status, line.ms);
}

describe('requestLineWriter', () => {
  it('writes the line logger.info(fields, "request") writes, with the same time format', () => {
    const { stream, lines } = sink();
    const logger = createLogger('info', stream);
    logger.info(fields, 'request');
    writeLine(logger, fields);
    expect(lines).toHaveLength(2);
    const [fromPino, handBuilt] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(handBuilt)).toEqual(Object.keys(fromPino));
    expect({ ...handBuilt, time: undefined }).toEqual({ ...fromPino, time: undefined });
    expect(handBuilt.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(handBuilt).toMatchObject({ level: 30, service: 'quire', reqId: 'abc"d', url: fields.url, msg: 'request' });
  });

  it('escapes what JSON must escape and writes the rest as it is', () => {
    const urls = ['/v2/agent/p/job/j', '/a"b', '/a\\b', '/tab\there', '/ctl\u0001\u001f', '/é/ü', '/emoji/\u{1F600}', '/lone/\ud800', '/del\u007f'];
    for (const url of urls) {
      const { stream, lines } = sink();
      writeLine(createLogger('info', stream), { ...fields, url });
      expect(lines).toHaveLength(1);
      expect((JSON.parse(lines[0]) as { url: string }).url).toBe(url);
      expect(lines[0]).toContain(`"url":${JSON.stringify(url)}`);
    }
  });

  it('keeps the bindings of a child logger and writes nothing below its level', () => {
    const { stream, lines } = sink();
    const logger = createLogger('info', stream);
    writeLine(logger.child({ part: 'api' }), fields);
    expect(JSON.parse(lines[0])).toMatchObject({ service: 'quire', part: 'api', reqId: 'abc"d' });
    const quiet = sink();
    writeLine(createLogger('warn', quiet.stream), fields);
    expect(quiet.lines).toEqual([]);
  });

  it('writes ms to 0.1 ms exactly as JSON writes Math.round(ms * 10) / 10', () => {
    const values = [0, 0.04, 0.05, 0.3, 0.96, 1, 1.25, 9.95, 12.34, 99.99, 1234.56, 1_000_000.07, 0.1 + 0.2];
    const { stream, lines } = sink();
    const write = requestLineWriter(createLogger('info', stream));
    for (const ms of values) write('r', 'GET', '/', 200, ms);
    expect(lines.map((l) => /"ms":([^,]+),/.exec(l)?.[1])).toEqual(values.map((ms) => JSON.stringify(Math.round(ms * 10) / 10)));
  });

  it('writes any method, and follows the level the logger is set to after the writer is made', () => {
    const { stream, lines } = sink();
    const logger = createLogger('info', stream);
    const write = requestLineWriter(logger);
    write('r1', 'M"X', '/', 405, 1);
    logger.level = 'warn';
    write('r2', 'GET', '/', 200, 1);
    logger.level = 'debug';
    write('r3', 'PROPFIND', '/', 200, 1);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { reqId: 'r1', method: 'M"X' },
      { reqId: 'r3', method: 'PROPFIND' },
    ]);
  });
});

describe('createLogger on stdout', () => {
  it('writes out every line, also when the process exits right after logging', () => {
    const script = [
      "import { createLogger, requestLineWriter } from './src/core/logger.ts';",
      "const logger = createLogger('info');",
      "logger.info('first');",
      "requestLineWriter(logger)('r1', 'GET', '/x', 200, 1);",
      'process.exit(0);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(['first', 'request']);
    expect(lines[1]).toMatchObject({ reqId: 'r1', url: '/x', status: 200 });
  });
});

describe('pretty logs for a terminal', () => {
  it('writes levelled, human-readable lines, access lines included, without pid or service noise', () => {
    const { stream, lines } = sink();
    const logger = createLogger('info', stream, { pretty: true, service: 'quire-host' });
    logger.warn({ jobId: 'se_1' }, 'export attempt failed');
    writeLine(logger, fields);
    const plain = lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(plain[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: export attempt failed$/);
    expect(plain[1]).toMatch(/^\s+jobId: "se_1"$/);
    expect(plain.some((l) => /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request$/.test(l))).toBe(true);
    expect(plain.join('\n')).not.toMatch(/"level"|pid|quire-host/);
    expect(lines.join('\n')).toMatch(/\x1b\[/); // coloured
  });

  it('writes the same JSON fields (ISO time, numeric level, service) otherwise', () => {
    const { stream, lines } = sink();
    createLogger('info', stream, { service: 'quire-host' }).info('ready');
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, service: 'quire-host', msg: 'ready' });
    expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
