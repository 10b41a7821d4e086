import { realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../core/errors.js';
import { acquireLock, commitFiles, recoverInterrupted, removeStaleTemps, writableTarget, writerNotices } from '../core/writer.js';

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
 * Each target is held to errata's rule: a governed Markdown, JSON or YAML document of the root,
 * reached without any symlink (an RFC linked to a workflow is refused, never written through).
 * Returns what recovery did, for stderr.
 */
export function writeFixed(root: string, files: readonly FixedFile[]): string[] {
  const realRoot = realpathSync.native(root);
  const changes = files.map((f) => {
    const real = path.join(realRoot, ...f.file.split('/'));
    const why = writableTarget(realRoot, f.file, real);
    if (why) throw new FatalError(`nothing written: ${f.file} ${why}; --fix writes governed documents only`);
    return { file: f.file, real, before: f.before, after: f.after };
  });
  const said = writerNotices(root);
  const lock = acquireLock(root);
  try {
    said.push(...recoverInterrupted(root));
    removeStaleTemps(changes.map((c) => c.real));
    commitFiles(root, changes);
    return said;
  } finally {
    lock.release();
  }
}
