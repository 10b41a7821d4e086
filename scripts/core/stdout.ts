import { fstatSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Standard output without `process.stdout`: its first use builds a stream (node:stream, net or
 * tty), which costs a run 4-8 ms, as much as a pre-commit gate's own work. A report is written
 * once, whole, so a synchronous write to fd 1 is all that is needed.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  try {
    if (!pending) while (offset < bytes.length) offset += writeSync(1, bytes, offset);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') return; // the reader went away (`| head`): nothing more to say to it
    if (code !== 'EAGAIN') throw e;
  }
  if (offset < bytes.length) {
    // A non-blocking pipe that is full: the stream queues the rest, and the CLI waits for it
    // (stdoutDrained) before it exits.
    const written = new Promise<void>((resolve) => process.stdout.write(bytes.subarray(offset), () => resolve()));
    pending = pending ? Promise.all([pending, written]).then(() => undefined) : written;
  }
}

let pending: Promise<void> | undefined;

/** Settles once everything written has left the process (at once, unless a full pipe made writeStdout queue). */
export function stdoutDrained(): Promise<void> {
  return pending ?? Promise.resolve();
}

let terminal: boolean | undefined;

/**
 * Whether fd 1 is a terminal (for colours). Asking node:tty loads the stream modules too, so only
 * a character device other than /dev/null (where benches and CI send output) is asked.
 */
export function stdoutIsTerminal(): boolean {
  if (terminal !== undefined) return terminal;
  try {
    const out = fstatSync(1);
    terminal = out.isCharacterDevice() && out.rdev !== devNull() && (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(1);
  } catch {
    terminal = false;
  }
  return terminal;
}

function devNull(): number | undefined {
  try {
    return statSync('/dev/null').rdev;
  } catch {
    return undefined;
  }
}
