import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite } from '../helpers/rule-tester.js';

/*
 * The input rules (parse/*, corpus/*, limits/*) carry their cases as examples, run in memory by
 * test/core/input-rules.test.ts with the cases too large to show; what memory cannot hold is
 * tested end to end (test/hostile/). Left here: how the wire-examples family reports a judge it
 * cannot build.
 */

const MAP = 'spec/v2/interop-map.json';

export const SUITES: RuleSuite[] = [
  checkSuite(
    'wire-examples rules: the judge cannot be built',
    { base: PROJECT, families: ['wire-examples'] },
    {
      valid: [{ name: 'the map and RFC 0211 as they are' }],
      invalid: [
        {
          // The wire checker's own finding is re-reported under the family's rule, located at the map.
          name: 'a map without a2a.errors',
          files: { [MAP]: '[]\n' },
          errors: [{ ruleId: 'wire-examples/positive-passes', file: MAP, line: 1, column: 1, message: 'the interop map has no a2a.errors array' }],
        },
      ],
    },
  ),
];
