import { didYouMean } from '../../../core/base/did-you-mean.js';
import type { Rule } from '../../../core/engine/rule.js';
import { A2A_ERROR_PROFILE, A2A_ERRORS, isParenthesized } from '../a2a-errors.js';
import type { Row } from '../map-doc.js';
import { loadMap, meantByUntrusted, relatedAt, rowsAt } from '../map-doc.js';
import { mapWith } from '../example-files.js';

const mapOf = (...errors: object[]) => mapWith({ a2a: { errors } });
/** One row for each of the nine errors, reasons left out (another rule's business). */
const allNine = A2A_ERRORS.map((upstream) => ({ upstream }));

/** Rule 7: one row per A2A 1.0.1 error; any other row is parenthesized. */
export const errorsComplete: Rule = {
  id: 'interop-map/errors-complete',
  rfc: 'RFC 0208 §B, rule 7',
  description: `a2a.errors has exactly one row for each of the nine errors of ${A2A_ERROR_PROFILE}; any other row is parenthesized.`,
  messages: {
    unknown: 'a2a.errors: "{{name}}" is not one of the nine {{profile}} errors (did you mean "{{near}}"?)',
    notAnError: 'a2a.errors: "{{name}}" is not one of the nine {{profile}} errors (write a non-A2A row in parentheses)',
    second: 'a2a.errors: a second row for {{name}}; exactly one is allowed',
    missing: 'a2a.errors has no row for {{names}}; each of the nine {{profile}} errors needs exactly one',
  },
  examples: {
    valid: [{ name: 'the nine errors and a parenthesized row', files: mapOf(...allNine, { upstream: '(internal error)' }) }],
    invalid: [
      { name: 'a misspelt name (one finding: the name it stands for is not also missing)', files: mapOf(...allNine.slice(1), { upstream: 'TaskNotFoundErorr' }), errors: [{ messageId: 'unknown', line: 29, column: 21, data: { name: 'TaskNotFoundErorr', profile: A2A_ERROR_PROFILE, near: 'TaskNotFoundError' } }] },
      { name: 'an error listed twice', files: mapOf(...allNine, { upstream: 'TaskNotFoundError' }), errors: [{ messageId: 'second', line: 32, column: 21 }] },
      { name: 'an error without a row', files: mapOf(...allNine.slice(1)), errors: [{ messageId: 'missing', line: 3, column: 15, data: { names: 'TaskNotFoundError', profile: A2A_ERROR_PROFILE } }] },
    ],
  },
  run(ctx) {
    const loaded = loadMap(ctx);
    if (!loaded) return;
    const first = new Map<string, Row>();
    // A misspelt name is one mistake: its row gets the "did you mean", and the name it stands for is not also reported missing.
    // So is a row the schema rejects the shape of: it is skipped, and the error it stands for is not missing either.
    const meant = meantByUntrusted(loaded, '/a2a/errors', A2A_ERRORS);
    for (const r of rowsAt(loaded, '/a2a/errors')) {
      ctx.visit();
      const name = r.row.upstream;
      if (typeof name !== 'string' || isParenthesized(name)) continue;
      const at = { doc: loaded.doc, pointer: `${r.pointer}/upstream` };
      if (!A2A_ERRORS.includes(name)) {
        const near = didYouMean(name, A2A_ERRORS);
        if (near) meant.add(near);
        if (near) ctx.report({ at, messageId: 'unknown', data: { name, profile: A2A_ERROR_PROFILE, near } });
        else ctx.report({ at, messageId: 'notAnError', data: { name, profile: A2A_ERROR_PROFILE } });
        continue;
      }
      const seen = first.get(name);
      if (seen) {
        ctx.report({ at, messageId: 'second', data: { name }, related: [relatedAt(loaded.doc, `${seen.pointer}/upstream`, `first row for ${name}`)] });
      } else first.set(name, r);
    }
    const missing = A2A_ERRORS.filter((n) => !first.has(n) && !meant.has(n));
    if (missing.length) {
      ctx.report({ at: { doc: loaded.doc, pointer: '/a2a/errors' }, messageId: 'missing', data: { names: missing.join(', '), profile: A2A_ERROR_PROFILE } });
    }
  },
};
