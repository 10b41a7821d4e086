import { chmodSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { FatalError } from '../core/errors.js';
import type { FileChange } from './run.js';

/**
 * Writes every changed file or none: each new text goes to a temp file beside its target first;
 * only when all are written are they renamed into place. A failed rename puts back the files
 * already replaced.
 */
export function writeAll(changes: readonly FileChange[]): void {
  const temps: { change: FileChange; tmp: string }[] = [];
  let staging = '';
  try {
    for (const change of changes) {
      staging = change.file;
      const tmp = `${change.real}.specgate-${process.pid}.tmp`;
      writeFileSync(tmp, change.after);
      temps.push({ change, tmp });
      chmodSync(tmp, statSync(change.real).mode & 0o7777);
    }
  } catch (e) {
    for (const t of temps) removeQuietly(t.tmp);
    throw new FatalError(`nothing written: could not stage ${staging} (${(e as Error).message})`);
  }
  const done: FileChange[] = [];
  for (const { change, tmp } of temps) {
    try {
      renameSync(tmp, change.real);
      done.push(change);
    } catch (e) {
      for (const t of temps) removeQuietly(t.tmp);
      for (const d of done) writeFileSync(d.real, d.before);
      throw new FatalError(`nothing written: could not replace ${change.file} (${(e as Error).message}); ${done.length} file(s) already replaced were restored`);
    }
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
