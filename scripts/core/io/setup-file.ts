import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../base/errors.js';
import { isInside, kindOf, readRegularFile } from './source.js';

/*
 * Files `init` and `install-hook` write in a repository (its config, workflow, hooks, husky and
 * lefthook files). The tree they write into is a clone, so any folder on the way may be a
 * committed symlink and any file a link to a device: a folder is written in only when its real
 * path is inside the repository's, and an existing file is read only when it is a small regular
 * file (never through a link, never /dev/zero or a FIFO).
 */

/** Largest existing setup file read to compare with what would be written. */
const MAX_SETUP_FILE_BYTES = 1024 * 1024;

/** `p` with every symlink of the part that exists resolved, and the rest (to be made) appended. */
export function realPathSoFar(p: string): string {
  const abs = path.resolve(p);
  const rest: string[] = [];
  for (let at = abs; ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync.native(at), ...rest.reverse());
    } catch {
      if (path.dirname(at) === at) return abs;
      rest.push(path.basename(at));
    }
  }
}

/** Whether `dir`, once made, is really inside one of `roots` (each compared by its real path). */
export function reallyInside(dir: string, ...roots: string[]): boolean {
  const real = realPathSoFar(dir);
  return roots.some((r) => isInside(real, realPathSoFar(r)));
}

/** Refuses, in one line, a folder to write in whose real path leads out of the repository. */
export function assertFolderInside(root: string, dir: string, shown: string): void {
  if (!reallyInside(dir, root)) throw new FatalError(`nothing written: ${shown} leads out of the repository (to ${realPathSoFar(dir)}) through a symlink`);
}

export type SetupFile = { state: 'absent' } | { state: 'text'; text: string } | { state: 'other'; why: string };

/** What is at `file` now: nothing, the text of a small regular file, or something never read (a symlink, a device, a FIFO, a folder, too big). */
export function readSetupFile(file: string): SetupFile {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return { state: 'absent' };
  }
  if (st.isSymbolicLink()) return { state: 'other', why: 'a symlink' };
  if (!st.isFile()) return { state: 'other', why: kindOf(st) };
  const got = readRegularFile(file, { cap: MAX_SETUP_FILE_BYTES });
  return got.ok ? { state: 'text', text: got.bytes.toString('utf8') } : { state: 'other', why: got.message };
}
