import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { checkSuite, positionOf } from '../helpers/rule-tester.js';

/* rfcs rules over this project's RFCs, read in place; each case edits one RFC in memory. */

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
          name: 'a missing header row is reported at the table',
          files: { [RFC_0211]: replace(/^\| \*\*Compatibility\*\*.*\n/m, '') },
          errors: [{ ruleId: 'rfcs/header-table', file: RFC_0211, severity: 'error', column: 1, message: /no "Compatibility" row.*RFC 0001 §B/, where: (t) => ({ line: positionOf(t(RFC_0211), '| Field').line }) }],
        },
        {
          name: 'the RFC row names another number than the title',
          files: { [RFC_0211]: replace(/\| \*\*RFC\*\* \| 0211/, '| **RFC** | 0212') },
          errors: [{ ruleId: 'rfcs/number-matches', file: RFC_0211, where: (t) => positionAfter(t(RFC_0211), '| **RFC**', '0212') }],
        },
        {
          name: 'a status outside the set',
          files: { [RFC_0211]: replace('| **Status** | `Accepted` |', '| **Status** | `Approved` |') },
          errors: [{ ruleId: 'rfcs/status-known', file: RFC_0211, message: /"Approved" is not one of Draft, Active, Accepted, Withdrawn, Superseded, Rejected \(RFC 0001 §C\)$/, where: (t) => positionOf(t(RFC_0211), '`Approved`') }],
        },
        {
          name: 'a misspelt status gets a "did you mean"',
          files: { [RFC_0211]: replace('| **Status** | `Accepted` |', '| **Status** | `Acepted` |') },
          errors: [{ ruleId: 'rfcs/status-known', file: RFC_0211, message: /"Acepted" is not one of .*Rejected; did you mean "Accepted"\?/, where: (t) => positionOf(t(RFC_0211), '`Acepted`') }],
        },
        {
          name: 'an impossible Created date',
          files: { [RFC_0211]: replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-02-30 |') },
          errors: [{ ruleId: 'rfcs/dates-valid', file: RFC_0211, severity: 'error', where: (t) => positionOf(t(RFC_0211), '2026-02-30') }],
        },
        {
          name: 'Updated before Created',
          files: { [RFC_0211]: replace('| **Created** | 2026-09-23 |', '| **Created** | 2026-10-01 |') },
          errors: [{ ruleId: 'rfcs/dates-valid', file: RFC_0211, severity: 'error', message: /Updated 2026-09-24 is before Created 2026-10-01/, where: (t) => positionAfter(t(RFC_0211), '| **Updated**', '2026-09-24') }],
        },
        {
          name: 'a one-sided Supersedes',
          files: { [RFC_0211]: replace(/^\| \*\*Supersedes\*\*.*$/m, '| **Supersedes** | RFC 0208 |') },
          errors: [
            {
              ruleId: 'rfcs/supersedes-reciprocal',
              file: RFC_0211,
              message: /RFC 0211 supersedes RFC 0208, but RFC 0208's "Superseded by" row does not name RFC 0211/,
              where: (t) => positionAfter(t(RFC_0211), '| **Supersedes** | RFC', '0208'),
            },
          ],
        },
        {
          name: 'an Affects path that does not exist (error), an elided and a glob path (warnings)',
          files: { [RFC_0211]: replace('| **Affects** | ', '| **Affects** | `spec/v2/nowhere.md` · `spec/v2/…/x.json` · `spec/**/*.md` · ') },
          allow: SIBLINGS,
          errors: [
            { ruleId: 'rfcs/affects-paths-exist', severity: 'error', message: /does not exist and the RFC is Accepted/, where: (t) => positionOf(t(RFC_0211), '`spec/v2/nowhere.md`') },
            { ruleId: 'rfcs/affects-paths-exist', severity: 'warning', message: /cannot be resolved here: it is elided/, where: (t) => positionOf(t(RFC_0211), '`spec/v2/…/x.json`') },
            { ruleId: 'rfcs/affects-paths-exist', severity: 'warning', message: /cannot be resolved here: it is a glob/, where: (t) => positionOf(t(RFC_0211), '`spec/**/*.md`') },
          ],
        },
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
          name: 'a Title row that is not the title line',
          files: { [RFC_0211]: replace(/^\| \*\*Title\*\* \| an A2A error's details are an ErrorInfo/m, "| **Title** | An A2A error's details are ErrorInfo") },
          errors: [{ ruleId: 'rfcs/title-row-matches', file: RFC_0211, message: /Title row "An A2A error's details are ErrorInfo, .*" differs from the title line/, where: (t) => ({ line: positionOf(t(RFC_0211), "An A2A error's").line }) }],
        },
        {
          name: 'an Updated row whose first change is older than a later one',
          files: { [RFC_0211]: replace('| **Updated** | 2026-09-24 — ', '| **Updated** | 2026-09-24 · 2026-09-30 — a later note · ') },
          errors: [{ ruleId: 'rfcs/updated-newest-first', file: RFC_0211, severity: 'warning', message: /lists a later change \(2026-09-30\)/, where: (t) => positionAfter(t(RFC_0211), '| **Updated**', '2026-09-24') }],
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
          name: 'a status outside the set cites upstream §3 (Status states)',
          files: { [RFC_0211]: replace('| **Status** | `Accepted` |', '| **Status** | `Approved` |') },
          errors: [{ ruleId: 'rfcs/status-known', file: RFC_0211, severity: 'error', message: /"Approved" is not one of .* \(RFC 0001 §3\)$/, where: (t) => positionOf(t(RFC_0211), '`Approved`') }],
        },
        {
          name: 'a missing header row cites upstream §6 and its template',
          files: { [RFC_0211]: replace(/^\| \*\*Compatibility\*\*.*\n/m, '') },
          errors: [{ ruleId: 'rfcs/header-table', file: RFC_0211, severity: 'error', column: 1, message: /no "Compatibility" row.*\(RFC 0001 §6, template\)$/, where: (t) => ({ line: positionOf(t(RFC_0211), '| Field').line }) }],
        },
        {
          name: 'an unresolved question still to be decided before Active cites the template (upstream §6)',
          files: { [RFC_0211]: replace('\n## Acceptance criteria', '2. Which code a retry gets. Decide before `Active`.\n\n## Acceptance criteria') },
          errors: [{ ruleId: 'rfcs/unresolved-before-active', file: RFC_0211, severity: 'warning', column: 1, message: /\(RFC 0001 §6, template\)$/, where: (t) => ({ line: positionOf(t(RFC_0211), '2. Which code').line }) }],
        },
      ],
    },
  ),
];
