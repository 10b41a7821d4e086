import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';
import { RFC_0211, positionAfter, replace } from './rfcs.cases.js';

/* invariants rules over this project's invariants file and RFCs, read in place; cases edit them in memory. */

const INVARIANTS = 'invariants/invariants.yaml';
const RFC_0152 = 'RFCS/0152-a2a-1-0-versioned-composition.md';

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

/** The citations of RFC 0152 in the project's invariants file, as written. */
const CITES_0152 = [...readFileSync(path.join(PROJECT, INVARIANTS), 'utf8').matchAll(/"0152[^"]*"/g)].map((m) => m[0]);
/** Which occurrence of its text the i-th citation is. */
const nth = (all: string[], i: number) => all.slice(0, i + 1).filter((c) => c === all[i]).length;
const lineColumn = ({ line, column }: { line: number; column: number }) => ({ line, column });

const append = (tail: string) => (text: string) => text.replace(/\n*$/, '\n') + tail;
const lastIndex = (text: string) => (load(text) as { invariants: unknown[] }).invariants.length - 1;

export const SUITES: RuleSuite[] = [
  checkSuite(
    'invariants rules: project corpus',
    { base: PROJECT, families: ['invariants'] },
    {
      valid: [
        { name: 'the invariants as they are' },
        {
          name: 'quoted names in prose match a heading without its designator (§"Wire examples", §"The JSON-RPC binding carries"), also split by a line break',
          files: { [INVARIANTS]: append(entry('quoted-names', { note: '|\n      See RFC 0211 §"Wire examples", RFC 0211 §"The JSON-RPC binding carries" and RFC 0211 §"Unresolved\n      questions".' })) },
        },
      ],
      invalid: [
        {
          name: 'an entry citing nothing is reported at the entry',
          files: { [INVARIANTS]: append(entry('sabotage-cites-nothing', { rfcs: '', note: 'No citation anywhere in this entry.' })) },
          errors: [{ ruleId: 'invariants/cites-rfc', file: INVARIANTS, where: (t) => ({ ...lineColumn(positionOf(t(INVARIANTS), 'id: sabotage-cites-nothing')), pointer: `/invariants/${lastIndex(t(INVARIANTS))}` }) }],
        },
        {
          name: 'RFC 9999 in the rfcs list and RFC 9998 in prose',
          files: { [INVARIANTS]: append(entry('sabotage-cites-9999', { rfcs: '["9999 §A"]', note: '|\n      Rests on the rule of\n      RFC 9998 §B, which nobody wrote.' })) },
          errors: [
            { ruleId: 'invariants/cited-rfc-exists', message: /cites RFC 9999, which is not in RFCS\//, where: (t) => ({ ...positionOf(t(INVARIANTS), '"9999 §A"'), pointer: `/invariants/${lastIndex(t(INVARIANTS))}/rfcs/0` }) },
            { ruleId: 'invariants/cited-rfc-exists', where: (t) => ({ ...positionOf(t(INVARIANTS), 'RFC 9998 §B'), pointer: `/invariants/${lastIndex(t(INVARIANTS))}/note` }) },
          ],
        },
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
        {
          name: 'a cited RFC that is a Draft (a warning at every citation)',
          files: { [RFC_0152]: replace('| **Status** | `Accepted` |', '| **Status** | `Draft` |') },
          errors: CITES_0152.map((cite, i) => ({ ruleId: 'invariants/cited-rfc-draft', severity: 'warning' as const, message: /cites RFC 0152, which is still a Draft/, where: (t) => positionOf(t(INVARIANTS), cite, nth(CITES_0152, i)) })),
        },
        {
          name: 'a cited RFC that is Withdrawn (an error at every citation)',
          files: { [RFC_0152]: replace('| **Status** | `Accepted` |', '| **Status** | `Withdrawn` |') },
          errors: CITES_0152.map((cite, i) => ({ ruleId: 'invariants/cited-rfc-status', severity: 'error' as const, message: /cites RFC 0152, which is Withdrawn/, where: (t) => positionOf(t(INVARIANTS), cite, nth(CITES_0152, i)) })),
        },
        {
          name: "a tier disagreeing with RFC 0211's Security line",
          files: {
            [INVARIANTS]: (text) => {
              const at = text.indexOf('- id: a2a-error-no-existence-oracle');
              const tier = text.indexOf('tier: protocol', at);
              return text.slice(0, tier) + 'tier: reference-impl' + text.slice(tier + 'tier: protocol'.length);
            },
          },
          errors: [
            {
              ruleId: 'invariants/security-line-matches',
              file: INVARIANTS,
              message: /has tier "reference-impl", but RFC 0211's Security line says protocol/,
              where: (t) => positionAfter(t(INVARIANTS), 'id: a2a-error-no-existence-oracle', 'reference-impl'),
            },
          ],
        },
        {
          name: 'a Security line without its entry is reported at the RFC',
          files: { [INVARIANTS]: replace('- id: a2a-error-no-existence-oracle\n', '- id: a2a-error-no-existence-oracle-renamed\n') },
          errors: [{ ruleId: 'invariants/security-line-matches', file: RFC_0211, where: (t) => positionAfter(t(RFC_0211), '## Security', '`a2a-error-no-existence-oracle`') }],
        },
        {
          name: 'a protocol entry whose glob matches nothing',
          files: { [INVARIANTS]: append(entry('sabotage-unwitnessed', { tier: 'protocol', tests: '\n      - test/nowhere/*.test.ts', witness: 'witnessable-unaided' })) },
          errors: [{ ruleId: 'invariants/protocol-tests-resolve', severity: 'error', where: (t) => ({ ...positionOf(t(INVARIANTS), 'test/nowhere/*.test.ts'), pointer: `/invariants/${lastIndex(t(INVARIANTS))}/tests/0` }) }],
        },
        {
          name: 'a threat model that does not exist',
          files: { [INVARIANTS]: append(entry('sabotage-no-threat-model', { threat_model: 'invariants/threat-models/missing.md' })) },
          errors: [{ ruleId: 'invariants/threat-model-exists', where: (t) => positionOf(t(INVARIANTS), 'invariants/threat-models/missing.md') }],
        },
        {
          name: 'a second entry with the same id',
          files: { [INVARIANTS]: append(entry('a2a-error-no-existence-oracle')) },
          errors: [{ ruleId: 'invariants/unique-id', where: (t) => positionOf(t(INVARIANTS), 'a2a-error-no-existence-oracle', 2) }],
        },
        {
          name: 'an unexpected key at the key, a missing one at its entry',
          files: { [INVARIANTS]: append(entry('sabotage-schema', { colour: 'red', witness: '' })) },
          errors: [
            { ruleId: 'invariants/schema', where: (t) => ({ line: positionOf(t(INVARIANTS), 'id: sabotage-schema').line, column: positionOf(t(INVARIANTS), 'id: sabotage-schema').column, pointer: `/invariants/${lastIndex(t(INVARIANTS))}` }) },
            { ruleId: 'invariants/schema', where: (t) => ({ line: positionOf(t(INVARIANTS), 'colour').line, column: positionOf(t(INVARIANTS), 'colour').column, pointer: `/invariants/${lastIndex(t(INVARIANTS))}/colour` }) },
          ],
        },
      ],
    },
  ),
];
