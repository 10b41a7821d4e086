import { realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../base/errors.js';
import type { BeforeRename, Lock } from './writer.js';
import { acquireLock, commitFiles, pendingWrite, recoverInterrupted, removeStaleTemps, writableTarget, writerNotices } from './writer.js';

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
export interface PendingCommit {
  /** Lines to show on stderr: what recovery did, or what is waiting for it; state files of the tree that were ignored. */
  readonly recovered: string[];
  /** Writes every change or none (re-reading each target just before its rename). */
  write(changes: readonly CommitChange[], hooks?: { beforeRename?: BeforeRename }): void;
  close(): void;
}

export function openCommit(root: string, opts: { write: boolean }): PendingCommit {
  let lock: Lock | undefined;
  // State files of the tree are ignored (never trusted); a read-only command never recovers.
  const recovered: string[] = writerNotices(root);
  if (opts.write) {
    try {
      lock = acquireLock(root);
    } catch (e) {
      throw e instanceof FatalError ? e : new FatalError(`cannot take the write lock for ${root}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    try {
      recovered.push(...recoverInterrupted(root));
    } catch (e) {
      lock.release();
      throw e;
    }
  } else {
    const journal = pendingWrite(root);
    if (journal) recovered.push(`an interrupted write left its journal ${journal}; the next \`errata apply\` or \`check --fix\` finishes it (this command writes nothing)`);
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
  const pending = openCommit(root, { write: true });
  try {
    pending.write(changes);
    return pending.recovered;
  } finally {
    pending.close();
  }
}
