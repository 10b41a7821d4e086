import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installHook } from '../hooks/install-hook.js';
import type { Command } from './measure.js';
import { generateCorpus } from './synthetic.js';

/**
 * The paths users take (issue 32), each a whole process that meets a fresh edit every round, so
 * no round can be a replay of an unchanged run: every cache is where users have it and stays
 * filled between rounds, but what the run reads has changed since the last one.
 *
 * - the installed hook: the script `npm install` writes into .git/hooks/pre-commit (installHook,
 *   as scripts/hooks/install.ts calls it), run by a real `git commit` of an edit of the map;
 * - `check interop-map` right after an edit of the map;
 * - full `check` after one RFC is edited;
 * - upstream's corpus (`--preset openwop`: ../shared/anchors/openwop-v2 with openwop-rfcs laid
 *   over it, in a temp git repository) after one RFC is edited;
 * - full `check` cold (an empty cache folder of its own, emptied before every round);
 * - the synthetic ×100 corpus after one RFC edit (separately, its own rounds: see `scaleEdit`).
 */

/** A copy of a governed repository in a temp git repository, with its own cache folder (`node_modules/.cache/specgate`). */
export interface WorkRepo {
  root: string;
  /** Applies the next fresh edit (untimed). */
  edit: () => void;
}

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, ...GIT_ENV } });

/**
 * A fresh edit of a file, numbered so that no two rounds ever hold the same content (a content
 * cache must miss): for JSON the map's `$comment` gets the round's number; for markdown an HTML
 * comment at the end carries it. Neither changes a finding.
 */
export function editor(file: string): () => void {
  const original = readFileSync(file, 'utf8');
  let n = 0;
  return () => {
    n++;
    const text = file.endsWith('.json') ? original.replace(/("\$comment": ")/, `$1bench edit ${n}. `) : `${original.trimEnd()}\n\n<!-- bench edit ${n} -->\n`;
    if (text === original) throw new Error(`bench: no place to edit in ${file}`);
    writeFileSync(file, text);
  };
}

/** This project's tracked files (its governed ones and everything they cite) in a temp git repository, its build linked in. */
export function projectCopy(source: string, dir: string): string {
  git(source, 'rev-parse', '--git-dir');
  execFileSync('git', ['clone', '-q', '--no-hardlinks', source, dir], { stdio: 'ignore', env: { ...process.env, ...GIT_ENV } });
  // The CLI the hook runs (dist/scripts/cli.js) is this build; node resolves its imports by real path.
  symlinkSync(path.join(source, 'dist'), path.join(dir, 'dist'), 'dir');
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'dist\nnode_modules/\n');
  return dir;
}

/** The working-tree repository the edit rows run in: the map and one RFC are edited in turn. */
export function workRepo(source: string, dir: string, file: string): WorkRepo {
  const root = projectCopy(source, dir);
  return { root, edit: editor(path.join(root, file)) };
}

/**
 * The hook row: a copy of this project with the hook `npm install` writes, where each round
 * edits the map and stages it (untimed), and the timed part is `git commit`, which runs the hook.
 */
export function hookCommitRepo(source: string, dir: string, file: string): { root: string; before: () => void; command: (node: string) => Command } {
  const root = projectCopy(source, dir);
  const r = installHook({ packageRoot: root, env: {} });
  if (!r.hookFile || (r.outcome !== 'installed' && r.outcome !== 'unchanged')) throw new Error(`bench: hook not installed: ${r.message}`);
  const edit = editor(path.join(root, file));
  return {
    root,
    before: () => {
      edit();
      git(root, 'add', file);
    },
    command: (node) => ({
      label: 'the installed pre-commit hook: git commit of a map edit',
      file: 'git',
      args: ['commit', '-q', '-m', 'bench: edit the map'],
      cwd: root,
      // As users have it, the hook runs the package's bin (bin/specgate: its startup snapshot) with the node on PATH;
      // another runtime's row names its node in SPECGATE_NODE (the plain CLI).
      env: node === process.execPath ? { ...GIT_ENV, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` } : { ...GIT_ENV, SPECGATE_NODE: node },
      okCodes: [0],
    }),
  };
}

/** Upstream's corpus as `--preset openwop` users have it: the v2 anchor with the shared RFCs laid over it, in a temp git repository. */
export function upstreamRepo(shared: string, dir: string): WorkRepo {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(shared, 'anchors', 'openwop-v2'), dir, { recursive: true });
  cpSync(path.join(shared, 'anchors', 'openwop-rfcs'), dir, { recursive: true });
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'upstream');
  return { root: dir, edit: editor(path.join(dir, 'RFCS', '0002-agent-identity-and-reasoning-events.md')) };
}

/** The synthetic ×N corpus (scripts/bench/synthetic.ts) with one of its RFCs edited each round. */
export function scaleRepo(source: string, dir: string, factor: number): WorkRepo & { rfcFiles: number } {
  const corpus = generateCorpus(source, dir, factor);
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  return { root: dir, rfcFiles: corpus.rfcFiles, edit: editor(path.join(dir, 'RFCS', '0208-v2-a2a-mcp-operation-mappings.md')) };
}

/** Removes a repository's cache folder (the cold row's `before`). */
export function emptyCache(folder: string): () => void {
  return () => rmSync(folder, { recursive: true, force: true });
}
