#!/usr/bin/env node
import { packageVersion } from './core/package-root.js';

// A reader that went away (`specgate … | head`) is not an error: the rest of the output has
// nowhere to go, and the run ends with its own exit code.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

/** Each command module exports `run(argv): Promise<number>` (the exit code). Loaded on demand. */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> }> = {
  check: { summary: 'run check families (interop-map, rfcs, invariants, wire-examples); all by default', load: () => import('./commands/check.js') },
  errata: { summary: "apply|check: RFC errata applied to markdown through the syntax tree", load: () => import('./commands/errata.js') },
  wire: { summary: 'judge captured A2A exchanges against RFC 0211', load: () => import('./commands/wire.js') },
  compat: { summary: 'classify schema changes against a git base', load: () => import('./commands/compat.js') },
  probe: { summary: "run RFC 0211's conformance legs against a live A2A host", load: () => import('./commands/probe.js') },
  'list-rules': { summary: 'list every rule with its id, RFC section and description', load: () => import('./commands/list-rules.js') },
};

const USAGE = `usage: specgate <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(11)} ${c.summary}`)
  .join('\n')}

common options: -h/--help, --root DIR, --preset specgate|openwop, --config FILE,
  -f/--format stylish|compact|json|sarif|github, -o/--output FILE, --staged, -q/--quiet,
  --max-warnings N, --color/--no-color ("specgate <command> --help" shows each command's options)
  --version   print the version
exit codes: 0 clean, 1 error findings (or more warnings than --max-warnings), 2 usage, configuration or internal error
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    const [{ UsageError }, { didYouMeanHint }] = await Promise.all([import('./core/errors.js'), import('./core/did-you-mean.js')]);
    throw new UsageError(`unknown ${name.startsWith('-') ? 'option' : 'command'} "${name}"${didYouMeanHint(name, [...Object.keys(COMMANDS), '--help', '--version'])}`, USAGE);
  }
  return (await command.load()).run(rest);
}

// The exit code is set, never forced with process.exit(): node leaves once stdout is drained,
// so a report written to a slow pipe is never cut.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (err: unknown) => {
    const { FatalError, UsageError } = await import('./core/errors.js');
    if (err instanceof UsageError || err instanceof FatalError) {
      process.stderr.write(`specgate: ${err.message}\n`);
      if (err instanceof UsageError && err.usage) process.stderr.write(`\n${err.usage}`);
    } else {
      const msg = err instanceof Error ? err.message : String(err);
      process.stderr.write(`specgate: internal error: ${msg.split('\n')[0]}\n`);
      if (process.env.SPECGATE_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    }
    process.exitCode = 2;
  },
);
