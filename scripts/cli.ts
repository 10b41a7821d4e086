#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installCompileCache } from './core/compile-cache.js';

// Before anything else is loaded: the bundle's chunks and js-yaml start from V8's code cache.
// This file is dist/bundle/cli.cjs (or tsc's dist/scripts/cli.js): the package is two folders up.
{
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const bundle = path.join(root, 'dist', 'bundle') + path.sep;
  const yaml = path.join('node_modules', 'js-yaml') + path.sep;
  const dir = process.env.SPECGATE_COMPILE_CACHE_DIR ?? path.join(root, 'node_modules', '.cache', 'specgate');
  installCompileCache(path.join(dir, `v8-${process.version}-${process.arch}`), (f) => f.startsWith(bundle) || f.includes(yaml), path.join(bundle, 'chunks'));
}

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

common options: --root DIR  --preset specgate|openwop  --config FILE  --format stylish|json|sarif|github  --output FILE  --staged
exit codes: 0 clean, 1 error findings, 2 usage, configuration or internal error
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (await import('./core/stdout.js')).writeStdout(USAGE);
    return name ? 0 : 2;
  }
  if (name === '--version') {
    (await import('./core/stdout.js')).writeStdout('0.1.0\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    const { UsageError } = await import('./core/errors.js');
    throw new UsageError(`unknown command "${name}"; run "specgate --help"`);
  }
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  async (code) => {
    // Reports are written synchronously (stdout.ts); once nothing is queued, leaving at once
    // spares the wait for V8's background threads (sweeping, compiling) that a natural exit drains.
    // (Imported, not required at the top: every chunk waits until the compile cache is in place.)
    await (await import('./core/stdout.js')).stdoutDrained();
    process.exit(code);
  },
  async (err: unknown) => {
    // Loaded only now: every other import waits until the compile cache is in place.
    const { FatalError, UsageError } = await import('./core/errors.js');
    if (err instanceof UsageError || err instanceof FatalError) {
      process.stderr.write(`specgate: ${err.message}\n`);
    } else {
      const msg = err instanceof Error ? err.message : String(err);
      process.stderr.write(`specgate: internal error: ${msg.split('\n')[0]}\n`);
      if (process.env.SPECGATE_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    }
    process.exitCode = 2;
  },
);
