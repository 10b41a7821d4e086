import type { RecordedRun, ResultPlan } from './result-replay.js';
import { replayable, resultPlan } from './result-replay.js';

/**
 * One run of the CLI as a process: the result cache's replay, Node's compile cache, the command
 * (cli-main.ts), the recording of a replayable run, the exit code and stdout's failures. The one way
 * the CLI runs: `dist/scripts/cli.js` calls it, and so does the startup snapshot's entry
 * (scripts/snapshot/entry.ts), which runs it inside a deserialized V8 heap. Nothing here is read at
 * module load: process.stdout and the working directory are the run's, never those of a snapshot's
 * build.
 */
export async function runCli(argv: string[], options: { compileCache?: boolean } = {}): Promise<void> {
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

  // A working directory removed under the shell: no cache is looked for (each asks for it), and the
  // CLI says so in one line (cli-main.ts).
  let cwdGone = false;
  try {
    process.cwd();
  } catch {
    cwdGone = true;
  }

  // The result cache first: a run whose inputs are all as an earlier run saw them prints what that
  // run printed, and loads nothing else (scripts/result-replay.ts).
  const plan = cwdGone ? undefined : resultPlan(argv);
  const recorded = plan && replayable(plan);
  if (recorded && (await replay(recorded, plan))) {
    process.exitCode = stdoutFailed ? 2 : recorded.code;
    return;
  }
  // Before the CLI loads, so Node (≥ 22.1) compiles it from its cache (a snapshot has it compiled already).
  if (!cwdGone && options.compileCache !== false) (await import('./compile-cache.js')).enableCompileCache(argv);
  const { main } = await import('./cli-main.js');
  const recording = plan ? (await import('./result-record.js')).startResultRecording(plan) : undefined;
  // The exit code is set, never forced with process.exit(): node leaves once stdout is drained,
  // so a report written to a slow pipe is never cut.
  const code = await main(argv);
  process.exitCode = stdoutFailed ? 2 : code;
  recording?.store(stdoutFailed ? 2 : code);
}

/**
 * Prints a recorded run again: its `--output` report first, written the one way reports are
 * (core/io/user-output.ts, loaded only then: a link planted since is refused), then its stdout and
 * stderr bytes in order. False, with nothing printed, when the report cannot be written: the CLI
 * then runs and says why.
 */
async function replay(run: RecordedRun, plan: ResultPlan): Promise<boolean> {
  if (run.report) {
    try {
      (await import('./core/io/user-output.js')).writeUserOutput(run.report[0], run.report[1], plan.root);
    } catch {
      return false;
    }
  }
  for (const [stream, bytes] of run.output) (stream === 1 ? process.stdout : process.stderr).write(Buffer.from(bytes, 'base64'));
  return true;
}
