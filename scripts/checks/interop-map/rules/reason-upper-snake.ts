import type { Rule } from '../../../core/engine/rule.js';
import { A2A_ERRORS, expectedReason, isParenthesized } from '../a2a-errors.js';
import { loadMap, rowsAt, untrustedRowsAt } from '../map-doc.js';
import { mapWith } from '../example-files.js';

const NAMED_ROWS = 9;
/** A map of these a2a.errors rows. */
const mapOf = (...errors: object[]) => mapWith({ a2a: { errors } });

let edits: typeof import('../../../core/engine/text-edits.js') | undefined;

/** Rule 7a: a named row's `reason` is UPPER_SNAKE of its name minus `Error`; a parenthesized row has none. */
export const reasonUpperSnake: Rule = {
  id: 'interop-map/reason-upper-snake',
  rfc: 'RFC 0211 §A',
  description: 'Every named a2a.errors row carries reason = UPPER_SNAKE(name minus Error); a parenthesized row carries none; exactly nine named rows are visited.',
  fixable: true,
  messages: {
    parenthesized: 'a2a.errors {{name}}: a parenthesized row is not an A2A error and carries no reason',
    missing: 'a2a.errors {{name}}: missing reason; expected "{{want}}"',
    wrong: 'a2a.errors {{name}}: reason {{found}} must be "{{want}}", the UPPER_SNAKE of the name without Error{{hint}}',
    count: 'a2a.errors: visited {{named}} named row(s); the reason rule expects exactly {{expected}}',
  },
  examples: {
    valid: [{ name: 'a named row with its reason, a parenthesized row without one', files: mapOf({ upstream: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND' }, { upstream: '(no A2A error)' }) }],
    invalid: [
      {
        name: 'a reason that keeps the Error suffix',
        files: mapOf({ upstream: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND_ERROR' }),
        errors: [{ messageId: 'wrong', line: 6, column: 19, data: { name: 'TaskNotFoundError', found: '"TASK_NOT_FOUND_ERROR"', want: 'TASK_NOT_FOUND', hint: ' (drop the Error suffix)' } }],
        output: mapOf({ upstream: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND' }),
      },
      {
        name: 'a named row without a reason',
        files: mapOf({ upstream: 'TaskNotCancelableError' }),
        errors: [{ messageId: 'missing', line: 4, column: 7, data: { name: 'TaskNotCancelableError', want: 'TASK_NOT_CANCELABLE' } }],
        output: mapOf({ upstream: 'TaskNotCancelableError', reason: 'TASK_NOT_CANCELABLE' }),
      },
      {
        name: 'a parenthesized row with a reason',
        files: mapOf({ upstream: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND' }, { upstream: '(no A2A error)', reason: 'NONE' }),
        errors: [{ messageId: 'parenthesized', line: 10, column: 9, data: { name: '(no A2A error)' } }],
        output: mapOf({ upstream: 'TaskNotFoundError', reason: 'TASK_NOT_FOUND' }, { upstream: '(no A2A error)' }),
      },
    ],
  },
  async run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    // The fix builders load with the first finding: a clean map never needs them.
    const fixes = async () => (edits ??= await import('../../../core/engine/text-edits.js'));
    let named = 0;
    for (const { row, pointer } of rowsAt(loaded, '/a2a/errors')) {
      ctx.visit();
      const name = row.upstream;
      if (typeof name !== 'string') continue;
      if (isParenthesized(name)) {
        if (row.reason !== undefined) {
          const { fixOf, removeProperty } = await fixes();
          ctx.report({
            at: { doc: loaded.doc, pointer: `${pointer}/reason`, on: 'key' },
            messageId: 'parenthesized',
            data: { name },
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
        const { appendProperty, fixOf } = await fixes();
        ctx.report({ at: { doc: loaded.doc, pointer }, messageId: 'missing', data: { name, want }, fix: fixOf(appendProperty(loaded.doc, pointer, 'reason', want)) });
      } else if (row.reason !== want) {
        const { fixOf, replaceValue } = await fixes();
        const hint = typeof row.reason === 'string' && /_?ERROR$/i.test(row.reason) ? ' (drop the Error suffix)' : '';
        ctx.report({
          at: { doc: loaded.doc, pointer: `${pointer}/reason` },
          messageId: 'wrong',
          data: { name, found: JSON.stringify(row.reason), want, hint },
          fix: fixOf(replaceValue(loaded.doc, `${pointer}/reason`, want)),
        });
      }
    }
    // A row skipped for its shape may be a named one: too few is judged only when they cannot make up the difference.
    const skipped = untrustedRowsAt(loaded, '/a2a/errors').length;
    if (named > NAMED_ROWS || named + skipped < NAMED_ROWS) {
      // A guard: errors-complete names the missing or extra rows; this count speaks when nothing else does.
      ctx.report({ at: { doc: loaded.doc, pointer: '/a2a/errors' }, messageId: 'count', data: { named, expected: NAMED_ROWS }, guard: true });
    }
  },
};
