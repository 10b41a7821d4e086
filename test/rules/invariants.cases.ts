import { load } from 'js-yaml';
import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';

/*
 * invariants/cited-section-exists over this project's invariants file and RFCs, read in place;
 * cases edit them in memory. The other invariants rules are tested one at a time on small
 * corpora: their meta.examples and test/checks/invariants/rules.test.ts.
 */

const INVARIANTS = 'invariants/invariants.yaml';

/** An invariant in the project's form; `fields` override or add lines after `- id:` ('' drops one). */
export function entry(id: string, fields: Record<string, string> = {}): string {
  const base: Record<string, string> = {
    tier: 'advisory',
    severity: 'low',
    threat_model: 'invariants/threat-models/corpus-governance.md',
    tests: '[]',
    witness: 'claims-check',
    rfcs: '["0001 §F"]',
    ...fields,
  };
  const lines = Object.entries(base)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `    ${k}: ${v}`);
  return `\n  - id: ${id}\n${lines.join('\n')}\n`;
}

const lineColumn = ({ line, column }: { line: number; column: number }) => ({ line, column });

const append = (tail: string) => (text: string) => text.replace(/\n*$/, '\n') + tail;
const lastIndex = (text: string) => (load(text) as { invariants: unknown[] }).invariants.length - 1;

export const SUITES: RuleSuite[] = [
  checkSuite(
    'invariants/cited-section-exists: project corpus',
    { base: PROJECT, families: ['invariants'] },
    {
      valid: [
        {
          name: 'quoted names in prose match a heading without its designator (§"Wire examples", §"The JSON-RPC binding carries"), also split by a line break',
          files: { [INVARIANTS]: append(entry('quoted-names', { note: '|\n      See RFC 0211 §"Wire examples", RFC 0211 §"The JSON-RPC binding carries" and RFC 0211 §"Unresolved\n      questions".' })) },
        },
      ],
      invalid: [
        {
          name: 'a section RFC 0211 does not have',
          files: { [INVARIANTS]: append(entry('sabotage-cites-section-z', { rfcs: '["0211 §Z"]' })) },
          errors: [{ ruleId: 'invariants/cited-section-exists', message: /cites RFC 0211 §Z, but RFCS\/0211-.* has no such section/, where: (t) => positionOf(t(INVARIANTS), '"0211 §Z"') }],
        },
        {
          name: 'a quoted section name in prose, split by a line break: one RFC 0211 has not, with a "did you mean" from its headings',
          files: { [INVARIANTS]: append(entry('sabotage-quoted-name', { note: '|\n      The shapes rest on RFC 0211 §"Wire\n      exemples".' })) },
          errors: [{ ruleId: 'invariants/cited-section-exists', message: /cites RFC 0211 §"Wire exemples", but RFCS\/0211-.* has no such section; did you mean §"Wire examples"\?/, where: (t) => ({ ...lineColumn(positionOf(t(INVARIANTS), 'RFC 0211 §"Wire')), pointer: `/invariants/${lastIndex(t(INVARIANTS))}/note` }) }],
        },
      ],
    },
  ),
];
