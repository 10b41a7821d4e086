import { createTwoFilesPatch } from 'diff';

/** A unified diff (`git apply` reads it) of one file, `a/` and `b/` prefixed as git prints it; '' when nothing changed. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context });
  // jsdiff opens with a row of `=`; git needs only the ---/+++ header.
  return patch.slice(patch.indexOf('--- '));
}
