import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT, projectCorpusCopy, tempDir } from '../helpers/env.js';

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** git with a fixed identity and no user or system configuration leaking in. */
export function git(cwd: string, args: string[], env: Record<string, string> = {}): GitRun {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Spec Gate',
      GIT_AUTHOR_EMAIL: 'gate@example.invalid',
      GIT_COMMITTER_NAME: 'Spec Gate',
      GIT_COMMITTER_EMAIL: 'gate@example.invalid',
      NO_COLOR: '1',
      ...env,
    },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function gitOk(cwd: string, args: string[]): string {
  const r = git(cwd, args);
  if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** Template repositories by subdirectory (corpusRepo), each made once per test file. */
const templates = new Map<string, string>();

/**
 * A git repository holding a copy of this project's corpus, with one commit. `dist` links to the
 * built tool, so a hook calling `node dist/scripts/cli.js` runs the real compiled CLI.
 * With `subdir`, the package lives in that subdirectory of the repository. Each one is a copy
 * (its .git included) of a template git made once per test file, so tests do not share a repository.
 */
export function corpusRepo(opts: { subdir?: string } = {}): { top: string; root: string } {
  const key = opts.subdir ?? '';
  let template = templates.get(key);
  // A template goes with the temp folders of the test file that made it.
  if (template === undefined || !existsSync(template)) {
    template = corpusTemplate(opts.subdir);
    templates.set(key, template);
  }
  const top = tempDir('specgate-repo-');
  cpSync(template, top, { recursive: true, verbatimSymlinks: true });
  return { top, root: opts.subdir ? path.join(top, opts.subdir) : top };
}

function corpusTemplate(subdir: string | undefined): string {
  const corpus = projectCorpusCopy();
  let top = corpus;
  if (subdir) {
    top = tempDir('specgate-mono-');
    execFileSync('cp', ['-R', corpus, path.join(top, subdir)]);
  }
  const root = subdir ? path.join(top, subdir) : top;
  symlinkSync(path.join(PROJECT, 'dist'), path.join(root, 'dist'));
  writeFileSync(path.join(top, '.gitignore'), 'dist\nnode_modules\n');
  writeFileSync(path.join(top, 'NOTES.txt'), 'not governed\n');
  gitOk(top, ['init', '-q', '-b', 'main']);
  gitOk(top, ['add', '-A']);
  gitOk(top, ['commit', '-q', '-m', 'corpus', '--no-verify']);
  return top;
}

/**
 * A stand-in for `node` that records each start, so a test can tell whether the hook started
 * node at all (SPECGATE_NODE points the hook at it).
 */
export function recordingNode(): { bin: string; log: string } {
  const dir = tempDir('specgate-node-');
  const log = path.join(dir, 'starts.log');
  const bin = path.join(dir, 'node');
  mkdirSync(dir, { recursive: true });
  writeFileSync(bin, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' "$@"\n`);
  chmodSync(bin, 0o755);
  return { bin, log };
}

export function headCommit(cwd: string): string {
  return gitOk(cwd, ['rev-parse', 'HEAD']);
}
