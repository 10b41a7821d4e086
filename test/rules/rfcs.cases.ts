import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';

/*
 * rfcs rules over this project's RFCs, read in place; each case edits one RFC in memory. Only the
 * rules not yet converted are left here: header-table, title-row-matches, number-matches,
 * status-known, dates-valid, updated-newest-first, supersedes-reciprocal and affects-paths-exist
 * carry their cases as meta.examples (test/rules/examples.test.ts), their citations under openwop
 * are test/checks/rfcs/citations.test.ts, and "the project's RFCs are clean" is the gate test
 * test/checks/rfcs/rules.test.ts.
 */

export const RFC_0211 = 'RFCS/0211-a2a-error-details-are-errorinfo.md';

/** Replaces the one occurrence of `from` (it must occur exactly once). */
export const replace = (from: string | RegExp, to: string) => (text: string) => {
  const n = typeof from === 'string' ? text.split(from).length - 1 : (text.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? []).length;
  if (n !== 1) throw new Error(`expected one ${String(from)}, found ${n}`);
  return text.replace(from, () => to);
};

/** Which occurrence of `|` the one opening `needle` is (so a finding on that one character can be matched). */
const countBefore = (text: string, needle: string) => text.slice(0, text.indexOf(needle) + 1).split('|').length - 1;

/** The range of `needle`'s first occurrence at or after `anchor`'s. */
export function positionAfter(text: string, anchor: string, needle: string) {
  const from = text.indexOf(anchor);
  if (from < 0) throw new Error(`${anchor} not found`);
  const blank = text.slice(0, from).replace(/[^\n]/g, ' ');
  return positionOf(blank + text.slice(from), needle);
}

/** The project's RFCs name paths in sibling repositories: warnings the clean corpus keeps. */
const SIBLINGS = /sibling repository/;

export const SUITES: RuleSuite[] = [
  checkSuite(
    'rfcs rules: project corpus',
    { base: PROJECT, families: ['rfcs'] },
    {
      valid: [
        { name: 'the RFCs as they are', allow: SIBLINGS },
        {
          name: "questions that are not only asked: a stance in a nested list, and a '?' inside inline code after the stance",
          files: { [RFC_0211]: replace('\n## Acceptance criteria', '2. Which code does a retry get?\n   - Kept as `-32004` for now.\n3. Should runs be listed by context? Deferred: see `GET /v1/runs?contextId=`.\n\n## Acceptance criteria') },
          allow: SIBLINGS,
        },
      ],
      invalid: [
        {
          name: 'an unticked box on an Accepted RFC without reason: or deferred:',
          files: { [RFC_0211]: replace('- [x] RFC 0156 §B retrospective row', '- [ ] RFC 0156 §B retrospective row') },
          errors: [{ ruleId: 'rfcs/acceptance-boxes', file: RFC_0211, column: 1, where: (t) => ({ line: positionOf(t(RFC_0211), '- [ ] RFC 0156').line }) }],
        },
        {
          name: 'an unticked box under a sub-heading of the acceptance criteria',
          files: { [RFC_0211]: replace('- [x] RFC 0156 §B retrospective row', '### Follow-up\n\n- [ ] RFC 0156 §B retrospective row') },
          errors: [{ ruleId: 'rfcs/acceptance-boxes', file: RFC_0211, column: 1, where: (t) => ({ line: positionOf(t(RFC_0211), '- [ ] RFC 0156').line }) }],
        },
        {
          name: 'an Accepted RFC whose unresolved question is still to be decided before Active',
          files: { [RFC_0211]: replace('\n## Acceptance criteria', '2. Which code a retry gets. Decide before `Active`.\n\n## Acceptance criteria') },
          errors: [{ ruleId: 'rfcs/unresolved-before-active', file: RFC_0211, severity: 'warning', column: 1, message: /RFC is Accepted, but unresolved question 2 still says "Decide before Active"/, where: (t) => ({ line: positionOf(t(RFC_0211), '2. Which code').line }) }],
        },
        {
          name: "an Accepted RFC's unresolved question only asked, with nothing after it",
          files: { [RFC_0211]: replace('\n## Acceptance criteria', '2. Which code does a retry get?\n\n## Acceptance criteria') },
          errors: [{ ruleId: 'rfcs/unresolved-before-active', file: RFC_0211, severity: 'warning', column: 1, messageId: 'unanswered', message: /RFC is Accepted, but unresolved question 2 is only asked/, where: (t) => ({ line: positionOf(t(RFC_0211), '2. Which code').line }) }],
        },
        {
          name: 'header rows pasted inside a > quote',
          files: { [RFC_0211]: (t) => t.replace(/^\| \*\*Supersedes\*\*(.*)\n\| \*\*Superseded by\*\*(.*)\n/m, '\n> | **Supersedes**$1\n> | **Superseded by**$2\n') },
          errors: [
            { ruleId: 'rfcs/header-table', file: RFC_0211, column: 1, message: /header row "Supersedes" is inside a `>` quote/, where: (t) => ({ line: positionOf(t(RFC_0211), '> | **Supersedes**').line }) },
            { ruleId: 'rfcs/header-table', file: RFC_0211, column: 1, message: /header row "Superseded by" is inside a `>` quote/, where: (t) => ({ line: positionOf(t(RFC_0211), '> | **Superseded by**').line }) },
          ],
        },
        {
          name: 'an unescaped | in a header value',
          files: { [RFC_0211]: replace('| **Compatibility** | ', '| **Compatibility** | `additive|breaking` ') },
          errors: [{ ruleId: 'rfcs/header-table', file: RFC_0211, message: /header row "Compatibility" has 3 cells where the table has 2: the `\|` at \d+:\d+ is unescaped, so it splits the value/, where: (t) => positionOf(t(RFC_0211), '|', countBefore(t(RFC_0211), '|breaking')) }],
        },
      ],
    },
  ),
  checkSuite(
    "rfcs rules under openwop: findings cite upstream's RFC 0001 and template",
    { base: PROJECT, families: ['rfcs'], preset: 'openwop' },
    {
      valid: [],
      invalid: [
        {
          name: 'an unresolved question still to be decided before Active cites the template (upstream §6)',
          files: { [RFC_0211]: replace('\n## Acceptance criteria', '2. Which code a retry gets. Decide before `Active`.\n\n## Acceptance criteria') },
          errors: [{ ruleId: 'rfcs/unresolved-before-active', file: RFC_0211, severity: 'warning', column: 1, message: /\(RFC 0001 §6, template\)$/, where: (t) => ({ line: positionOf(t(RFC_0211), '2. Which code').line }) }],
        },
      ],
    },
  ),
];
