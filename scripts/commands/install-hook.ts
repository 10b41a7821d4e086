import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { UsageError } from '../core/base/errors.js';
import { printable } from '../core/base/printable.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate install-hook [--husky | --lefthook | --pre-commit] [--force] [--root DIR]

Installs the spec gate before each commit in this repository. By default a git pre-commit (and
pre-merge-commit) hook in this repository's own hooks folder: a sh script that starts node only
when a governed file is staged, then runs the installed copy (node_modules/specgate in the governed
folder or a folder above it), never npx, with check --changed: the families whose inputs are
staged, on the staged content. Other forms, at the repository's top:
      --husky       the same script as .husky/pre-commit
      --lefthook    lefthook.yml with a glob of the governed paths
      --pre-commit  .pre-commit-config.yaml naming specgate's pre-commit hook
      --force       replace a hook or file specgate did not write (never without it); also
                    installs when npm runs it under CI (prepare), where it writes nothing (exit 0)
      --root DIR    the governed folder (default: the folder of specgate.config.json, else the git top)
  -h, --help        print this help and exit 0
As a repository's own \`"prepare": "specgate install-hook || true"\`, every collaborator's npm install
or npm ci installs the hook. SPECGATE_HOOK_QUIET=1 makes the hook report errors only.
exit codes: 0 installed (or up to date, or CI), 2 not a git work tree, usage error, or a file left alone
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    husky: { type: 'boolean' },
    lefthook: { type: 'boolean' },
    'pre-commit': { type: 'boolean' },
    force: { type: 'boolean' },
    root: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  }, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const forms = (['husky', 'lefthook', 'pre-commit'] as const).filter((f) => values[f]);
  if (forms.length > 1) throw new UsageError(`give one of --husky, --lefthook, --pre-commit (got ${forms.map((f) => `--${f}`).join(', ')})`, HELP);
  // A repository's `"prepare": "specgate install-hook"` runs in CI too (npm ci): no hook there.
  const ci = process.env.CI;
  const fromInstall = ['prepare', 'install', 'postinstall'].includes(process.env.npm_lifecycle_event ?? '');
  if (fromInstall && ci && ci !== 'false' && ci !== '0' && values.force !== true) {
    io.stdout.write('CI: no pre-commit hook (a CI job commits nothing; --force installs one anyway)\n');
    return 0;
  }
  const { governedRoot } = await import('../hooks/governed-root.js');
  const root = values.root !== undefined ? path.resolve(values.root as string) : governedRoot(process.cwd());
  const { installAdopterHook } = await import('../hooks/install-hook.js');
  const r = installAdopterHook(root, forms[0] ?? 'git', { force: values.force === true });
  io.stdout.write(`${printable(r.message, '\n')}\n`);
  return r.outcome === 'kept-foreign' ? 2 : 0;
}
