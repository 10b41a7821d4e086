import { lstatSync, mkdirSync, readlinkSync } from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../base/errors.js';
import { isInside, kindOf } from './source.js';
import { realOf } from '../replay/user-cache.js';
import { writeFileAtomic } from './writer.js';
import { findGitDir } from './writer-state.js';

/*
 * Every path a user names for writing on the command line (`--output` of every command and format,
 * `--suppressions-location`, `list-rules --output`, `probe --record`) is written here, by the one
 * writer (writer.ts), under the rule of governed files:
 *
 * - the path is walked one component at a time, as the kernel would resolve it, and every symlink
 *   met inside "the tree" (the governed root and the git work tree holding it or the working
 *   directory, by their real paths) is refused, never followed: a committed `report.txt -> ~/.bashrc`
 *   or a committed `reports -> ~` writes nothing;
 * - a symlink outside the tree (the user's own, `/tmp -> /private/tmp`) is followed, and the walk
 *   goes on through its target, so a user's link into the tree still meets the tree's links;
 * - the last component is a regular file (replaced atomically: rename replaces the directory entry
 *   and never follows it) or a new name; a link to nothing, a device, a FIFO or a folder is refused;
 * - nothing inside the tree is written under `.git/`;
 * - missing folders are made one by one, as real folders, only once the whole path has been judged.
 *
 * A path outside the root is written only because the user named it on the command line: paths a
 * tree names (its suppressions file, the rule pages) go through writeTreeFile, which keeps them in
 * the root. Refusals are one line (FatalError: exit 2) and nothing is written.
 */

/** Symlinks followed in one path before it is taken for a loop (Linux's own limit). */
const MAX_LINK_HOPS = 40;

export interface UserOutputOptions {
  /** What the refusal of a path that is not a regular file adds (how to do without). */
  refusal?: string;
  /** Judge the path only (no folder is made): a command asks before its run writes anything else. */
  check?: boolean;
  /** The working directory a relative path is named from (default: the process's). */
  cwd?: string;
}

/** The real paths whose symlinks are the tree's: the root, and the git work trees holding it and the working directory. */
export function treeTops(root: string, cwd: string = process.cwd()): string[] {
  const tops = new Set<string>();
  const realRoot = realOf(root);
  tops.add(realRoot);
  for (const at of [realRoot, realOf(cwd)]) {
    const git = findGitDir(at);
    if (git) tops.add(realOf(git.top));
  }
  return [...tops];
}

/** Writes `text` to the user-named `file` (see the rules above), or throws a one-line FatalError having written nothing. */
export function writeUserOutput(file: string, text: string | Buffer, root: string, opts: UserOutputOptions = {}): void {
  const target = userOutputTarget(file, root, opts);
  try {
    writeFileAtomic(target, text);
  } catch (e) {
    throw new FatalError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Makes the folder `dir` the user named for writing several files (`probe --record DIR`), under the
 * same rules, and returns its real path: files are then written inside it by name (writeFileAtomic).
 */
export function userOutputFolder(dir: string, root: string, opts: UserOutputOptions = {}): string {
  return resolveForWrite(dir, root, opts, 'folder');
}

/** The physical path `file` may be written at (its missing folders made), or a one-line error. */
export function userOutputTarget(file: string, root: string, opts: UserOutputOptions = {}): string {
  return resolveForWrite(file, root, opts, 'file');
}

function resolveForWrite(file: string, root: string, opts: UserOutputOptions, want: 'file' | 'folder'): string {
  const cwd = opts.cwd ?? process.cwd();
  const refusal = opts.refusal ?? '--output writes regular files only (leave it out to write to stdout)';
  // A path inside the working directory is named as the user would name it.
  const named = (p: string) => {
    const rel = path.relative(cwd, p);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  };
  const fail = (why: string): never => {
    throw new FatalError(`cannot write ${file}: ${why}`);
  };
  if (file === '' || file.includes('\0')) fail('not a file name');
  const tops = treeTops(root, cwd);
  const inTree = (p: string) => tops.some((t) => isInside(p, t));
  const abs = path.resolve(cwd, file);
  let at = path.parse(abs).root;
  let pending = abs.slice(at.length).split(path.sep);
  let hops = 0;
  let viaLink = false;
  const missing: string[] = [];
  while (pending.length > 0) {
    const seg = pending.shift()!;
    if (seg === '' || seg === '.') continue;
    if (missing.length > 0) {
      // Below a missing folder nothing exists yet: the rest is made as plain names.
      if (seg === '..') fail(`it climbs out of a folder that does not exist`);
      missing.push(seg);
      continue;
    }
    if (seg === '..') {
      at = path.dirname(at);
      continue;
    }
    const next = path.join(at, seg);
    const last = pending.every((s) => s === '' || s === '.');
    if (inTree(next) && seg.toLowerCase() === '.git') fail(`${named(next)} is inside .git/ (never written)`);
    let st: Stats;
    try {
      st = lstatSync(next);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        if (viaLink) fail('it is a symlink to nothing');
        missing.push(seg);
        continue;
      }
      if (code === 'ENOTDIR') fail(`${named(at)} is a file, not a folder`);
      return fail(`${named(next)} cannot be reached (${code ?? (e as Error).message})`);
    }
    if (st.isSymbolicLink()) {
      if (inTree(next)) fail(`${named(next)} is a symlink inside the repository (a path is never written through a link the tree placed)`);
      if (++hops > MAX_LINK_HOPS) fail('it is a symlink loop');
      const target = readlinkSync(next);
      if (path.isAbsolute(target)) at = path.parse(target).root;
      pending = [...target.split(path.sep), ...pending];
      // The path's last name is a link (outside the tree): its target must exist, never be made.
      viaLink = viaLink || last;
      continue;
    }
    if (!last || want === 'folder') {
      if (!st.isDirectory()) fail(last ? `it is ${kindOf(st)}, not a folder` : `${named(next)} is a file, not a folder`);
    } else if (!st.isFile()) fail(`it is ${kindOf(st)}; ${refusal}`);
    at = next;
  }
  if (missing.length === 0 || opts.check) return at;
  // The whole path is judged: the missing folders are made now, each a real folder (a name planted
  // meanwhile is refused, never followed).
  const folders = want === 'folder' ? missing : missing.slice(0, -1);
  for (const seg of folders) {
    at = path.join(at, seg);
    try {
      mkdirSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') fail(`cannot make ${named(at)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      if (!lstatSync(at).isDirectory()) fail(`${named(at)} appeared meanwhile and is not a folder`);
    }
  }
  return want === 'folder' ? at : path.join(at, missing[missing.length - 1]!);
}
