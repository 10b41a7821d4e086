import type { CliIo } from './core/io/process-io.js';
import { processIo } from './core/io/process-io.js';
import { packageVersion } from './core/base/package-root.js';
import { FORMATS } from './core/reporters/index.js';

/** Each command module exports `run(argv, io): Promise<number>` (the exit code). Loaded on demand. */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(argv: string[], io?: CliIo): Promise<number> }> }> = {
  check: { summary: 'run check families; all by default ("specgate check --help" lists them)', load: () => import('./commands/check.js') },
  errata: { summary: "apply|check: RFC errata applied to markdown through the syntax tree", load: () => import('./commands/errata.js') },
  wire: { summary: 'judge captured A2A exchanges against RFC 0211', load: () => import('./commands/wire.js') },
  compat: { summary: 'classify schema changes against a git base', load: () => import('./commands/compat.js') },
  probe: { summary: "run RFC 0211's conformance legs against a live A2A host", load: () => import('./commands/probe.js') },
  report: { summary: "the corpus's governance state: statuses, open questions, acceptance, errata, citations (every format)", load: () => import('./commands/report.js') },
  lsp: { summary: 'a Language Server over stdio: diagnostics, quick fixes and hover in the editor', load: () => import('./commands/lsp.js') },
  init: { summary: 'write specgate.config.json for this layout; --ci github, --hook on request', load: () => import('./commands/init.js') },
  'install-hook': { summary: 'install the pre-commit check (git hook, or --husky, --lefthook, --pre-commit)', load: () => import('./commands/install-hook.js') },
  'list-rules': { summary: 'list every rule with its id, RFC section and description', load: () => import('./commands/list-rules.js') },
};

const USAGE = `usage: specgate <command> [options]   (specgate help <command>: that command's options)

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(13)} ${c.summary}`)
  .join('\n')}

common options: -h/--help, --root DIR, --preset specgate|openwop|eip, --config FILE,
  -f/--format ${FORMATS.join('|')}, -o/--output FILE, --staged, -q/--quiet,
  --max-warnings N, --color/--no-color, --concurrency N|off|auto ("specgate <command> --help" shows
  each command's options)
  -v/--version   print the version
exit codes: 0 clean, 1 error findings (or more warnings than --max-warnings), 2 usage, configuration or internal error
`;

/**
 * The whole CLI short of the process: runs one command line and returns its exit code. Every
 * error ends here as one line on stderr and exit 2, never a stack trace (SPECGATE_DEBUG adds it).
 * scripts/cli.ts calls it with the process's streams; tests call it with buffers.
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (err: unknown) {
    // A startup snapshot's run that must be the plain CLI's (core/base/snapshot-run.ts): not an error.
    if (typeof err === 'object' && err !== null && (err as { plainRunNeeded?: unknown }).plainRunNeeded === true) throw err;
    const { FatalError, UsageError } = await import('./core/base/errors.js');
    // An error may quote input (a file name, a host's answer): escaped like every reporter's text.
    const { printable } = await import('./core/base/printable.js');
    if (err instanceof UsageError || err instanceof FatalError) {
      // Several problems at once (a config with three mistakes) are one line each.
      for (const line of err.message.split('\n')) io.stderr.write(`specgate: ${printable(line)}\n`);
      // The useful line, then where the usage is (as ESLint and git do), not the usage itself.
      if (err instanceof UsageError && err.usage) io.stderr.write(`${helpPointer(err.usage)}\n`);
    } else {
      const msg = err instanceof Error ? err.message : String(err);
      io.stderr.write(`specgate: internal error: ${printable(msg.split('\n')[0]!)}\n`);
      if (process.env.SPECGATE_DEBUG && err instanceof Error) io.stderr.write(`${printable(err.stack ?? '', '\n')}\n`);
    }
    return 2;
  }
}

/** `run "specgate check --help" for the usage`: the command is read from the usage's first line. */
export function helpPointer(usage: string): string {
  const command = /^usage: specgate ([a-z-]+)/.exec(usage)?.[1];
  return command ? `run "specgate ${command} --help" for its usage` : 'run "specgate --help" for the commands';
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  // `specgate help check` is `specgate check --help`, as git and npm read it.
  if (name === 'help' && rest[0] !== undefined && COMMANDS[rest[0]]) return dispatch([rest[0], '--help'], io);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    if (name === 'help' && rest[0] !== undefined) {
      const [{ UsageError }, { didYouMeanHint }] = await Promise.all([import('./core/base/errors.js'), import('./core/base/did-you-mean.js')]);
      throw new UsageError(`unknown command "${rest[0]}"${didYouMeanHint(rest[0], Object.keys(COMMANDS))}`, USAGE);
    }
    io.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const [{ UsageError }, { didYouMeanHint }] = await Promise.all([import('./core/base/errors.js'), import('./core/base/did-you-mean.js')]);
    throw new UsageError(`unknown ${name.startsWith('-') ? 'option' : 'command'} "${name}"${didYouMeanHint(name, [...Object.keys(COMMANDS), '--help', '--version'])}`, USAGE);
  }
  if (!rest.includes('--help') && !rest.includes('-h')) await requireWorkingDirectory();
  return (await command.load()).run(rest, io);
}

/**
 * Every command resolves its paths from the working directory: one removed under the shell (`rm -rf`
 * of the folder it stands in) is a one-line error before any of them starts, as git says "Unable to
 * read current working directory". --help and --version need none.
 */
async function requireWorkingDirectory(): Promise<void> {
  try {
    process.cwd();
  } catch (e) {
    const { FatalError } = await import('./core/base/errors.js');
    const code = (e as NodeJS.ErrnoException).code;
    throw new FatalError(`the working directory ${code === 'ENOENT' ? 'no longer exists (it was removed)' : `cannot be read (${code ?? 'error'})`}; cd to a folder that exists and run again`);
  }
}
