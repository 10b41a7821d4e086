#!/usr/bin/env node
import { main } from './cli-main.js';

// A reader that went away (`specgate … | head`) is not an error: the rest of the output has
// nowhere to go, and the run ends with its own exit code.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

// The exit code is set, never forced with process.exit(): node leaves once stdout is drained,
// so a report written to a slow pipe is never cut.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
