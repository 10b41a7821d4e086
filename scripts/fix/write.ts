import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { FatalError } from '../core/errors.js';
import { writeAll } from '../errata/write.js';

export interface FixedFile {
  /** Repository-relative path. */
  file: string;
  /** The text the fixes were computed from (as read at the start of the run). */
  before: string;
  after: string;
}

/**
 * The one place `--fix` writes: every file or none, through the errata writer, and never over a
 * file that changed since it was read.
 */
export function writeFixed(root: string, files: readonly FixedFile[]): void {
  const changes = files.map((f) => ({ file: f.file, real: realpathSync(path.join(root, f.file)), before: f.before, after: f.after }));
  for (const c of changes) {
    if (readFileSync(c.real, 'utf8') !== c.before) throw new FatalError(`nothing written: ${c.file} changed since it was read`);
  }
  writeAll(changes);
}
