import type { RuleExamples } from '../engine/rule.js';

/*
 * The exceptions rules' examples (meta.examples; docs/rules/exceptions.md shows them and
 * core/config/exceptions-family.ts runs them): each runs as `specgate check` runs, the rules its
 * exceptions name and then the exceptions settled. Written out in full, not built from the check
 * families' example helpers: core imports nothing above it.
 */

export const EXCEPTIONS_EXAMPLES_NOTE =
  'Each example runs as `specgate check` runs: the rules its exceptions name (a `specgate-disable` comment in a Markdown file, an `exceptions` entry of `specgate.config.json`), then the exceptions settled; only the exceptions rule\'s own findings are shown.';

const RFC = 'RFCS/0002-example.md';
const MAP = 'spec/v2/interop-map.json';
const CONFIG = 'specgate.config.json';
const CITED = 'rfcs/cited-section-exists';
const REASON = 'interop-map/reason-upper-snake';

/** An RFC that cites a section of its own it does not have (line 6), with `comment` on the line above it. */
const rfcWith = (comment: string) => ({ [RFC]: `# RFC 0002: Example\n\n### §A Scope\n\n${comment}\nSee §C below.\n` });

/** A map whose one a2a.errors row has `reason` (a finding of interop-map/reason-upper-snake unless it is TASK_NOT_FOUND). */
const mapWith = (reason: string) => JSON.stringify({ a2a: { errors: [{ upstream: 'TaskNotFoundError', reason }] } }, null, 2) + '\n';

/** The config's `exceptions` (one entry accepts the map row's reason), and the map. */
const configWith = (reason: string | undefined, mapReason = 'TaskNotFound') => ({
  [CONFIG]: JSON.stringify({ exceptions: [{ file: MAP, pointer: '/a2a/errors/0/reason', rule: REASON, ...(reason === undefined ? {} : { reason }) }] }, null, 2) + '\n',
  [MAP]: mapWith(mapReason),
});

const WHY = 'the section arrives with the next revision';
const WHY_MAP = 'the reason is renamed with the v3 map';

export const REASON_REQUIRED_EXAMPLES: RuleExamples = {
  valid: [
    { name: 'a disable comment with a reason after "--"', files: rfcWith(`<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->`) },
    { name: 'a config exception with a reason', files: configWith(WHY_MAP) },
  ],
  invalid: [
    {
      name: 'a disable comment without a reason (the finding below it stays)',
      files: rfcWith(`<!-- specgate-disable-next-line ${CITED} -->`),
      errors: [{ messageId: 'comment', file: RFC, line: 5, column: 1, data: { rules: CITED } }],
    },
    {
      name: 'a reason nobody can read (only dashes) is no reason',
      files: rfcWith(`<!-- specgate-disable-next-line ${CITED} -- - - -->`),
      errors: [{ messageId: 'comment', file: RFC, line: 5, column: 1, data: { rules: CITED } }],
    },
    {
      name: 'a config exception without a "reason"',
      files: configWith(undefined),
      errors: [{ messageId: 'config', file: CONFIG, line: 3, column: 5, data: { rules: REASON } }],
    },
  ],
};

export const UNUSED_EXAMPLES: RuleExamples = {
  valid: [
    { name: 'a disable-next-line comment above the finding it accepts', files: rfcWith(`<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->`) },
    { name: 'a disable comment that accepts a finding further down', files: { [RFC]: `# RFC 0002: Example\n\n<!-- specgate-disable ${CITED} -- ${WHY} -->\n\n### §A Scope\n\nSee §C below.\n` } },
    { name: 'a config exception that accepts the finding at its pointer', files: configWith(WHY_MAP) },
    {
      name: 'an unused exception, with the report turned off (check --no-report-unused-exceptions)',
      options: { 'report-unused-exceptions': false },
      files: { [RFC]: `# RFC 0002: Example\n\n<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->\n### §A Scope\n\nSee §A above.\n` },
    },
  ],
  invalid: [
    {
      name: 'the cited section was added: the comment accepts nothing',
      files: { [RFC]: `# RFC 0002: Example\n\n### §A Scope\n\n<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->\nSee §A above.\n` },
      errors: [{ messageId: 'unused', file: RFC, line: 5, column: 1, data: { rules: CITED } }],
    },
    {
      name: 'disable-next-line covers the next line only, not the one after it',
      files: { [RFC]: `# RFC 0002: Example\n\n### §A Scope\n\n<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->\nIn short:\nsee §C below.\n` },
      errors: [{ messageId: 'unused', file: RFC, line: 5, column: 1, data: { rules: CITED } }],
    },
    {
      name: 'a config exception whose finding is fixed',
      files: configWith(WHY_MAP, 'TASK_NOT_FOUND'),
      errors: [{ messageId: 'unused', file: CONFIG, line: 3, column: 5, data: { rules: REASON } }],
    },
  ],
};

export const UNKNOWN_RULE_EXAMPLES: RuleExamples = {
  valid: [{ name: 'a comment naming the rule that reports the line below it', files: rfcWith(`<!-- specgate-disable-next-line ${CITED} -- ${WHY} -->`) }],
  invalid: [
    {
      name: 'a misspelt rule id',
      files: rfcWith(`<!-- specgate-disable-next-line rfcs/cited-sections-exist -- ${WHY} -->`),
      errors: [{ messageId: 'unknown', file: RFC, line: 5, column: 1, data: { rules: '"rfcs/cited-sections-exist"' } }],
    },
    {
      name: 'a comment that names no rule',
      files: rfcWith(`<!-- specgate-disable-next-line -- ${WHY} -->`),
      errors: [{ messageId: 'none', file: RFC, line: 5, column: 1 }],
    },
    {
      name: 'a config exception naming a rule no rule has',
      files: { [CONFIG]: JSON.stringify({ exceptions: [{ file: MAP, pointer: '/a2a/errors/0/reason', rule: 'interop-map/reason-snake-case', reason: WHY_MAP }] }, null, 2) + '\n', [MAP]: mapWith('TaskNotFound') },
      errors: [{ messageId: 'unknown', file: CONFIG, line: 3, column: 5, data: { rules: '"interop-map/reason-snake-case"' } }],
    },
  ],
};
