/**
 * Where a process's JSON log lines go (stdout by default): gathered in one reused
 * buffer and written with one system call per batch, so a busy server does not pay a
 * call per request, and a quiet one still shows its lines within `intervalMs`.
 *
 * Each line is encoded into the buffer as it arrives. The previous form appended lines
 * to one string and handed it to pino's writer (sonic-boom), which scanned it for its
 * UTF-8 length, encoded it to write it and encoded it once more to take the written part
 * off: three passes over every batch, a 64 KiB string and a 64 KiB buffer allocated per
 * batch. Here nothing is allocated per line beyond the line itself.
 *
 * The writes are synchronous: with the asynchronous writer, on Node 24, the lines handed
 * over while exiting were lost in about one stop in three when stdout was a pipe.
 */
import { writeSync } from 'node:fs';

/** A line writer on a file descriptor, with `flush()` to write what it holds now. */
export interface BatchedLineWriter {
  write(line: string): void;
  flush(): void;
}

/** One 32-bit cell to wait on: Atomics.wait is the synchronous sleep between retries. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `data` to `fd`, waiting and retrying while a non-blocking pipe is full. */
function writeFully(fd: number, data: Uint8Array, length: number): void {
  let offset = 0;
  while (offset < length) {
    try {
      offset += writeSync(fd, data, offset, length - offset);
    } catch (err) {
      // EAGAIN: the reader has not caught up (stdout made non-blocking); sonic-boom, the
      // writer this replaces, waits and retries the same way. Anything else is thrown to
      // the caller as it was before.
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/**
 * @param fd where lines are written. @default 1 (stdout)
 * @param capacity bytes gathered before a write. @default 65536
 * @param intervalMs the longest a line waits to be written. @default 1000
 */
export function batchedLineWriter(fd = 1, capacity = 65536, intervalMs = 1000): BatchedLineWriter {
  // Made on the first line: a silent logger (tests, `quire migrate`) never needs it.
  let buffer: Buffer | undefined;
  let used = 0;
  const flush = () => {
    if (used === 0 || !buffer) return;
    const length = used;
    // Emptied first: a write that throws leaves no half-written batch to write again.
    used = 0;
    writeFully(fd, buffer, length);
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  // Lines still waiting here when the process exits are written before it ends.
  process.on('exit', flush);
  return {
    write(line) {
      // A UTF-16 code unit takes at most 3 bytes in UTF-8: a line that might not fit
      // is written after what is gathered, and one larger than the buffer on its own.
      if (used + line.length * 3 > capacity) {
        flush();
        if (line.length * 3 > capacity) {
          const bytes = Buffer.from(line);
          writeFully(fd, bytes, bytes.length);
          return;
        }
      }
      buffer ??= Buffer.allocUnsafeSlow(capacity);
      used += buffer.write(line, used);
    },
    flush,
  };
}
