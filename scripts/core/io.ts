/**
 * Where a command writes: the process's own streams when run as `specgate`, buffers when a test
 * runs the CLI in-process (scripts/cli-main.ts). `isTTY` decides colour, as on a real stream.
 */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

export const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr };
