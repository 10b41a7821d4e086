import type { Rule } from '../../../core/rule.js';
import { A2A_ERRORS, expectedReason, isParenthesized } from '../a2a-errors.js';
import { loadMap, rowsAt, untrustedRowsAt } from '../map-doc.js';
import { appendProperty, fixOf, removeProperty, replaceValue } from '../../../core/text-edits.js';

const NAMED_ROWS = 9;

/** Rule 7a: a named row's `reason` is UPPER_SNAKE of its name minus `Error`; a parenthesized row has none. */
export const reasonUpperSnake: Rule = {
  id: 'interop-map/reason-upper-snake',
  rfc: 'RFC 0211 §A',
  description: 'Every named a2a.errors row carries reason = UPPER_SNAKE(name minus Error); a parenthesized row carries none; exactly nine named rows are visited.',
  fixable: true,
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    let named = 0;
    for (const { row, pointer } of rowsAt(loaded, '/a2a/errors')) {
      ctx.visit();
      const name = row.upstream;
      if (typeof name !== 'string') continue;
      if (isParenthesized(name)) {
        if (row.reason !== undefined) {
          ctx.report({
            at: { doc: loaded.doc, pointer: `${pointer}/reason`, on: 'key' },
            message: `a2a.errors ${name}: a parenthesized row is not an A2A error and carries no reason`,
            fix: fixOf(removeProperty(loaded.doc, pointer, 'reason')),
          });
        }
        continue;
      }
      named++;
      // An unknown name is errors-complete's finding; a reason derived from it would copy the typo.
      if (!A2A_ERRORS.includes(name)) continue;
      const want = expectedReason(name);
      if (row.reason === undefined) {
        ctx.report({ at: { doc: loaded.doc, pointer }, message: `a2a.errors ${name}: missing reason; expected "${want}"`, fix: fixOf(appendProperty(loaded.doc, pointer, 'reason', want)) });
      } else if (row.reason !== want) {
        const hint = typeof row.reason === 'string' && /_?ERROR$/i.test(row.reason) ? ' (drop the Error suffix)' : '';
        ctx.report({
          at: { doc: loaded.doc, pointer: `${pointer}/reason` },
          message: `a2a.errors ${name}: reason ${JSON.stringify(row.reason)} must be "${want}", the UPPER_SNAKE of the name without Error${hint}`,
          fix: fixOf(replaceValue(loaded.doc, `${pointer}/reason`, want)),
        });
      }
    }
    // A row skipped for its shape may be a named one: too few is judged only when they cannot make up the difference.
    const skipped = untrustedRowsAt(loaded, '/a2a/errors').length;
    if (named > NAMED_ROWS || named + skipped < NAMED_ROWS) {
      // A guard: errors-complete names the missing or extra rows; this count speaks when nothing else does.
      ctx.report({ at: { doc: loaded.doc, pointer: '/a2a/errors' }, message: `a2a.errors: visited ${named} named row(s); the reason rule expects exactly ${NAMED_ROWS}`, guard: true });
    }
  },
};
