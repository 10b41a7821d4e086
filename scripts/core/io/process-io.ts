import { FatalError } from '../base/errors.js';

/**
 * Where a command writes: the process's own streams when run as `specgate`, buffers when a test
 * runs the CLI in-process (scripts/cli-main.ts). `isTTY` decides colour, as on a real stream.
 */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  /** All of standard input as text (`check --stdin`); at most `limit` bytes, or the promise rejects. */
  readStdin?(limit: number): Promise<string>;
}

// Read when written to, never at module load: a startup snapshot (scripts/snapshot/) evaluates this
// module at its build, when process.stdout is the builder's stream, dead in the run.
export const processIo: CliIo = {
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  readStdin: (limit) => readAll(process.stdin, limit),
};

/** A stream read to its end, refused past `limit` bytes (the cap every input file has). */
export async function readAll(stream: AsyncIterable<Buffer | string>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > limit) throw new FatalError(`standard input is larger than ${limit} bytes (the cap on every file)`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}
