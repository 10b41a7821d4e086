import { createTwoFilesPatch } from 'diff';
import type { FixedFile } from './write.js';

/** The unified diff of what `--fix` would write, `a/` and `b/` prefixed as git prints it. */
export function unifiedDiff(files: readonly FixedFile[]): string {
  return files.map((f) => createTwoFilesPatch(`a/${f.file}`, `b/${f.file}`, f.before, f.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '')).join('');
}
