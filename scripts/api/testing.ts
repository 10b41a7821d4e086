/**
 * `specgate/rules/testing`: the harness specgate's own rules are tested with (core/engine/rule-tester.ts),
 * RuleTester in spirit. `testRule(rule, { describe, it })` runs ONLY the rule under test over each
 * of its `examples` (or the cases given), in memory, and compares rule id, messageId, location,
 * the message filled with `data` and, for a fixable rule, the texts one pass of its fixes gives
 * (core/engine/fixer.ts, as `check --fix`). `runRuleOn` returns one run's findings and fixed texts for
 * a test of its own. A rule another command reports is run through its family
 * (`testRule(rule, api, { family })`: a `FamilyRun` runs one rule on in-memory inputs).
 * Framework-free: vitest's, node:test's, mocha's or jest's describe and it.
 */
export { invalidMismatches, runRuleOn, testRule, validMismatches } from '../core/engine/rule-tester.js';
export type { CommandFamily, ExampleRun, FamilyRun, InvalidRuleCase, RuleRun, RunRuleOptions, TestApi, TestRuleOptions, ValidRuleCase } from '../core/engine/rule-tester.js';
export type { ExampleCorpus, ExampleFiles, RuleExamples } from '../core/engine/rule.js';
