import { realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from './errors.js';
import { isInside } from './source.js';
import type { BeforeRename, Lock } from './writer.js';
import { acquireLock, commitFiles, recoverInterrupted, removeStaleTemps } from './writer.js';

/*
 * The one commit path of edits to governed documents (errata apply, check --fix), through the one
 * writer: under its lock, after finishing or rolling back what a killed run left, every file or
 * none, each target's bytes compared with what was read just before its rename.
 */

/** A file to commit: where to write it (its checked real path) and the text it had when read. */
export interface CommitChange {
  file: string;
  /** Absolute path to write: the checked real path (no symlink on the way). */
  real: string;
  before: string;
  after: string;
}

/**
 * The writing side of one command. It first finishes what a killed run left (a journal completed
 * or rolled back, stale temp files removed); a writing command holds the lock from before it reads
 * its targets until its last rename, so two runs never interleave.
 */
export interface CommitGuard {
  /** Lines to show on stderr: what recovery did. */
  readonly recovered: string[];
  /** Writes every change or none (re-reading each target just before its rename). */
  write(changes: readonly CommitChange[], hooks?: { beforeRename?: BeforeRename }): void;
  close(): void;
}

export function openCommit(root: string, opts: { write: boolean }): CommitGuard {
  let lock: Lock | undefined;
  let recovered: string[] = [];
  try {
    lock = acquireLock(root);
  } catch (e) {
    // A read-only command does not wait for a running apply (its journal is not stale), and runs
    // on a read-only checkout too.
    if (opts.write) throw e instanceof FatalError ? e : new FatalError(`cannot take the write lock in ${root}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (lock) {
    try {
      recovered = recoverInterrupted(root);
    } catch (e) {
      lock.release();
      throw e;
    }
    if (!opts.write) {
      lock.release();
      lock = undefined;
    }
  }
  return {
    recovered,
    write(changes, hooks) {
      if (!lock) throw new FatalError('writing needs the run lock');
      if (changes.length === 0) return;
      removeStaleTemps(changes.map((c) => c.real));
      commitFiles(root, changes, hooks);
    },
    close() {
      lock?.release();
      lock = undefined;
    },
  };
}

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
  const guard = openCommit(root, { write: true });
  try {
    guard.write(changes);
    return guard.recovered;
  } finally {
    guard.close();
  }
}
