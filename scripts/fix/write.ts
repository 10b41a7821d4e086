import { realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../core/errors.js';
import { isInside } from '../core/source.js';
import { acquireLock, commitFiles, recoverInterrupted, removeStaleTemps } from '../core/writer.js';

export interface FixedFile {
  /** Repository-relative path. */
  file: string;
  /** The text the fixes were computed from (as read at the start of the run). */
  before: string;
  after: string;
}

/**
 * The one place `--fix` writes, through the one atomic writer: under its lock (after finishing or
 * rolling back what a killed run left), every file or none, each target's bytes compared with
 * what was read just before its rename, so a file changed since it was read is never overwritten.
 * Returns what recovery did, for stderr.
 */
export function writeFixed(root: string, files: readonly FixedFile[]): string[] {
  const changes = files.map((f) => {
    const real = realpathSync(path.join(root, f.file));
    if (!isInside(real, realpathSync(root))) throw new FatalError(`nothing written: ${f.file} resolves outside the repository root`);
    return { file: f.file, real, before: f.before, after: f.after };
  });
  const lock = acquireLock(root);
  try {
    const recovered = recoverInterrupted(root);
    removeStaleTemps(changes.map((c) => c.real));
    commitFiles(root, changes);
    return recovered;
  } finally {
    lock.release();
  }
}
