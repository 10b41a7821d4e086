import type { BeforeRename, Lock } from '../core/writer.js';
import { acquireLock, commitFiles, recoverInterrupted, removeStaleTemps } from '../core/writer.js';
import { FatalError } from '../core/errors.js';
import type { FileChange } from './run.js';

/**
 * The writing side of one errata command. Every errata command first finishes what a killed run
 * left (a journal completed or rolled back, stale temp files removed); `apply` holds the lock from
 * before it reads the targets until its last rename, so two applies never interleave.
 */
export interface ErrataGuard {
  /** Lines to show on stderr: what recovery did. */
  readonly recovered: string[];
  /** Writes every change or none (re-reading each target just before its rename). */
  write(changes: readonly FileChange[], hooks?: { beforeRename?: BeforeRename }): void;
  close(): void;
}

export function openErrataGuard(root: string, opts: { write: boolean }): ErrataGuard {
  let lock: Lock | undefined;
  let recovered: string[] = [];
  try {
    lock = acquireLock(root);
  } catch (e) {
    // A read-only command does not wait for a running apply (its journal is not stale), and runs
    // on a read-only checkout too.
    if (opts.write) throw e instanceof FatalError ? e : new FatalError(`cannot take the errata lock in ${root}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
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
      if (!lock) throw new FatalError('errata: writing needs the run lock');
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
