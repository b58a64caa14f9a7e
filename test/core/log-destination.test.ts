/** The batched log writer: every byte of every line, in order, in as few writes as the buffer allows. */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedLineWriter } from '../../src/core/log-destination.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A file to write to, and a reader of what it holds so far. */
function file(): { fd: number; read: () => string } {
  dir = mkdtempSync(join(tmpdir(), 'quire-log-dest-'));
  const path = join(dir, 'out.log');
  const fd = openSync(path, 'w');
  return { fd, read: () => readFileSync(path, 'utf8') };
}

describe('batchedLineWriter', () => {
  it('holds lines until the buffer would overflow, then writes them whole and in order', () => {
    const { fd, read } = file();
    const writer = batchedLineWriter(fd, 1024, 60_000);
    const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(40)}"}\n`);
    for (const line of lines.slice(0, 5)) writer.write(line);
    expect(read()).toBe(''); // gathered, not yet written
    for (const line of lines.slice(5)) writer.write(line);
    const written = read();
    // Some batches went out, each made of whole lines, and the rest waits.
    expect(written.length).toBeGreaterThan(0);
    expect(written.endsWith('\n')).toBe(true);
    expect(lines.join('').startsWith(written)).toBe(true);
    writer.flush();
    expect(read()).toBe(lines.join(''));
    closeSync(fd);
  });

  it('encodes any text as UTF-8, also a line larger than the buffer, and keeps the order', () => {
    const { fd, read } = file();
    const writer = batchedLineWriter(fd, 256, 60_000);
    const text = ['é ü 日本 \u{1F600}\n', 'lone \ud800 surrogate\n', `${'ß'.repeat(300)}\n`, 'after\n', `${'日'.repeat(84)}\n`];
    for (const line of text) writer.write(line);
    writer.flush();
    // A lone surrogate is written as U+FFFD, as Buffer.from would write it.
    expect(read()).toBe(text.join('').replace('\ud800', '\ufffd'));
    closeSync(fd);
  });

  it('writes gathered lines within the interval on its own', async () => {
    const { fd, read } = file();
    const writer = batchedLineWriter(fd, 65536, 50);
    writer.write('{"msg":"quiet"}\n');
    expect(read()).toBe('');
    await new Promise((r) => setTimeout(r, 300));
    expect(read()).toBe('{"msg":"quiet"}\n');
    closeSync(fd);
  });

  it('writes everything through a pipe whose reader is slower than the writer', async () => {
    // The child writes 4 MiB of lines to a pipe much smaller than that; the pipe fills,
    // and every byte still arrives, in order.
    const script = [
      "import { batchedLineWriter } from './src/core/log-destination.ts';",
      'const w = batchedLineWriter();',
      "for (let i = 0; i < 40000; i++) w.write(`{\"n\":${i},\"pad\":\"${'y'.repeat(80)}\"}\\n`);",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    // Read slowly at first, so the writer meets a full pipe.
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 300);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    const code = await new Promise((r) => child.on('close', r));
    expect(code).toBe(0);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(40000);
    lines.forEach((line, i) => expect((JSON.parse(line) as { n: number }).n).toBe(i));
  });
});
