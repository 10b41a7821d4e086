import type { BeforeRename, Lock } from '../core/writer.js';
import { acquireLock, commitFiles, pendingWrite, recoverInterrupted, removeStaleTemps, writerNotices } from '../core/writer.js';
import { FatalError } from '../core/errors.js';
import type { FileChange } from './run.js';

/**
 * The writing side of one errata command. `apply` takes the lock before it reads the targets,
 * first finishes what a killed run left (a journal completed or rolled back, stale temp files
 * removed), and holds the lock until its last rename, so two applies never interleave. A read-only
 * command (`check`, `apply --dry-run`) takes no lock and never recovers: it only says that a
 * journal is waiting for the next writing command.
 */
export interface ErrataGuard {
  /** Lines to show on stderr: what recovery did, or what is waiting for it; state files of the tree that were ignored. */
  readonly recovered: string[];
  /** Writes every change or none (re-reading each target just before its rename). */
  write(changes: readonly FileChange[], hooks?: { beforeRename?: BeforeRename }): void;
  close(): void;
}

export function openErrataGuard(root: string, opts: { write: boolean }): ErrataGuard {
  let lock: Lock | undefined;
  const recovered: string[] = writerNotices(root);
  if (opts.write) {
    try {
      lock = acquireLock(root);
    } catch (e) {
      throw e instanceof FatalError ? e : new FatalError(`cannot take the errata lock for ${root}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
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
