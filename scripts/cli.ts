#!/usr/bin/env node
import { enableCompileCache } from './compile-cache.js';

// Before anything else loads, so Node (≥ 22.1) compiles the rest of the CLI from its cache.
enableCompileCache(process.argv.slice(2));
const { main } = await import('./cli-main.js');

// A reader that went away (`specgate … | head`) is not an error: the rest of the output has
// nowhere to go, and the run ends with its own exit code. Any other failure to write the report
// (`> /dev/full`: ENOSPC, EIO) is: the report is lost, so the run says so in one line and exits 2.
let stdoutFailed = false;
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE' || stdoutFailed) return;
  stdoutFailed = true;
  process.stderr.write(`specgate: cannot write the report to stdout: ${e.code ?? 'error'}${e.syscall ? ` (${e.message.replace(/^[A-Z]+: /, '').replace(/, \w+$/, '')})` : ''}\n`);
  process.exitCode = 2;
});

// The exit code is set, never forced with process.exit(): node leaves once stdout is drained,
// so a report written to a slow pipe is never cut.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = stdoutFailed ? 2 : code;
});
