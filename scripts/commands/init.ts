import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { UsageError } from '../core/base/errors.js';
import { checkPresetName } from '../core/preset/layout.js';
import { printable } from '../core/base/printable.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate init [--preset specgate|openwop|eip] [--ci github] [--hook] [--force] [--root DIR]

Writes specgate.config.json in the governed folder for the layout it has (the preset whose
documents it holds; the families whose inputs it lacks turned off), and on request, at the
repository's top where their tools read them (paths prefixed by the governed folder):
      --ci github   .github/workflows/spec-gate.yml: the specgate action on pull requests that
                    touch a governed path (paths: from the config in force), with a SARIF upload
      --hook        the pre-commit hook (as \`specgate install-hook\`: node starts only when a
                    governed file is staged, and runs the installed copy, never npx)
      --preset P    the layout to write instead of the one found
      --force       overwrite a file that exists with other content (never without it)
      --root DIR    the governed folder (default: the folder of the specgate.config.json found
                    upward, else the nearest folder up to the git top holding a layout (a
                    monorepo's package), else the one npm workspace package holding one (run at
                    a monorepo's top), else the git work tree's top, else the working directory)
  -h, --help        print this help and exit 0
Idempotent: a second run changes nothing. exit codes: 0 done (or nothing to do), 2 usage error or
a file left alone because it differs
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    preset: { type: 'string' },
    ci: { type: 'string' },
    hook: { type: 'boolean' },
    force: { type: 'boolean' },
    root: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  }, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  await checkPresetName(values.preset as string | undefined);
  if (values.ci !== undefined && values.ci !== 'github') throw new UsageError(`--ci knows github only (got "${String(values.ci)}")`, HELP);
  const { governedRoot } = await import('../hooks/governed-root.js');
  const root = values.root !== undefined ? path.resolve(values.root as string) : governedRoot(process.cwd());
  const { runInit } = await import('../init/run.js');
  const r = runInit({ root, ...(values.preset ? { preset: values.preset as string } : {}), ...(values.ci ? { ci: 'github' as const } : {}), ...(values.hook ? { hook: 'git' as const } : {}), force: values.force === true });
  const out: string[] = [];
  if (!values.preset) out.push(`this tree is laid out like the "${r.detected}" preset${r.missing.length ? ` (${r.missing.length} of its documents are missing: ${r.missing.slice(0, 3).join(', ')}${r.missing.length > 3 ? ', …' : ''})` : ''}`);
  for (const s of r.steps) out.push(s.message);
  io.stdout.write(`${out.map((l) => printable(l, '\n')).join('\n')}\n`);
  return r.steps.some((s) => s.outcome === 'kept' || s.outcome === 'kept-foreign') ? 2 : 0;
}
