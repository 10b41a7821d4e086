import { describe, it } from 'vitest';
import { family } from '../../../scripts/checks/wire-examples/index.js';
import { NEGATIVE, POSITIVE, wireExamples } from '../../../scripts/checks/wire-examples/example-files.js';
import { testRule } from '../../../scripts/core/engine/rule-tester.js';

/*
 * The wire-examples rules, one at a time on a cut-down RFC 0211 held in memory
 * (scripts/core/engine/rule-tester.ts): the cases their meta.examples leave out. The examples run in
 * test/rules/examples.test.ts; the project's own RFC 0211 in test/wire/wire-examples.test.ts.
 */

const api = { describe, it };
const rule = (id: string) => family.rules.find((r) => r.id === id)!;
const RFC = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const MAP = 'spec/v2/interop-map.json';
const { [RFC]: _rfc, ...withoutRfc } = wireExamples(POSITIVE);
/** The map's TaskNotFoundError row with another code than every example has. */
const mapCode = (jsonrpc: number) => `${JSON.stringify({ a2a: { errors: [{ upstream: 'TaskNotFoundError', jsonrpc, grpc: 'NOT_FOUND', http: 404, reason: 'TASK_NOT_FOUND' }] } }, null, 2)}\n`;

testRule(rule('wire-examples/positive-passes'), api, { cases: {
  valid: [{ name: 'two positive examples', files: wireExamples(`${POSITIVE}\n${POSITIVE}`) }],
  invalid: [
    { name: 'no RFC 0211 file (at the RFC folder)', files: withoutRfc, errors: [{ messageId: 'noRfc', file: 'RFCS', line: 1, column: 1, data: { dir: 'RFCS' } }] },
    { name: 'no Wire examples section (at the RFC)', files: { ...wireExamples(POSITIVE), [RFC]: '# RFC 0211: A2A error details\n\n## Summary\n\nNone.\n' }, errors: [{ messageId: 'noSection', file: RFC, line: 1, column: 1 }] },
    {
      name: 'a map the judge cannot read codes and reasons from (its finding, at the map)',
      files: { ...wireExamples(POSITIVE), [MAP]: `${JSON.stringify({ a2a: { errors: [{ upstream: 'TaskNotFoundError', jsonrpc: -32001 }] } }, null, 2)}\n` },
      errors: [{ messageId: 'context', file: MAP, line: 3, column: 15 }],
    },
    {
      // The wire checker's own finding ("no a2a.errors array"), re-reported under this rule at the map.
      name: 'a map without a2a.errors (at the map)',
      files: { ...wireExamples(POSITIVE), [MAP]: '[]\n' },
      errors: [{ messageId: 'context', file: MAP, line: 1, column: 1, data: { detail: 'the interop map has no a2a.errors array' } }],
    },
    {
      name: 'one map value every example disagrees with: one finding, naming it',
      files: { ...wireExamples(`${POSITIVE}\n${POSITIVE}`), [MAP]: mapCode(-32011) },
      errors: [{ messageId: 'oneReason', file: RFC, line: 13, column: 49 }],
    },
  ],
} });

testRule(rule('wire-examples/negative-fails-as-labelled'), api, { cases: {
  valid: [],
  invalid: [
    { name: 'no example labelled Negative (at the section)', files: wireExamples(POSITIVE), errors: [{ messageId: 'noNegative', line: 8, column: 1 }] },
    {
      name: 'a failure the label does not name (at the member)',
      files: wireExamples(NEGATIVE.replace('(fails §A — object, not array)', '(fails §A — object, not array; `scope` appears only on the foreign answer)').replace('"reason": "TASK_NOT_FOUND"', '"reason": "TASK_NOT_FOUND", "scope": "tenant"')),
      errors: [{ messageId: 'alsoFails', line: 14, column: 41 }],
    },
  ],
} });
