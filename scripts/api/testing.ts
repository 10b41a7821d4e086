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
import type { RuleSpec } from '../core/engine/rule.js';
import type { FamilyRun, TestApi, TestRuleOptions } from '../core/engine/rule-tester.js';
import { testRule as testRuleOf } from '../core/engine/rule-tester.js';
import { COMPAT_FAMILY } from '../compat/family.js';
import { ERRATA_FAMILY } from '../errata/family.js';
import { WIRE_FAMILY } from '../wire/family.js';

export { invalidMismatches, runRuleOn, validMismatches } from '../core/engine/rule-tester.js';

/** The families of other commands a plugin's rule may stand beside (PluginFamily.command), by that command's name. */
export const COMMAND_FAMILIES: Readonly<Record<'wire' | 'compat' | 'errata', FamilyRun>> = { wire: WIRE_FAMILY, compat: COMPAT_FAMILY, errata: ERRATA_FAMILY };

/**
 * Registers a rule's cases with the runner (core/engine/rule-tester.ts testRule). `family` names the
 * command a plugin's rule stands beside (`'wire'`, `'compat'`, `'errata'`: its examples' files are
 * that command's inputs, and the rule reads what its judge hands on as `ctx.given`), or is a FamilyRun.
 */
export function testRule(rule: RuleSpec, api: TestApi, options: Omit<TestRuleOptions, 'family'> & { family?: FamilyRun | keyof typeof COMMAND_FAMILIES } = {}): void {
  const { family, ...rest } = options;
  testRuleOf(rule, api, { ...rest, ...(family !== undefined ? { family: typeof family === 'string' ? COMMAND_FAMILIES[family] : family } : {}) });
}
export type { CommandFamily, ExampleRun, FamilyRun, InvalidRuleCase, RuleRun, RunRuleOptions, TestApi, TestRuleOptions, ValidRuleCase } from '../core/engine/rule-tester.js';
export type { ExampleCorpus, ExampleFiles, RuleExamples } from '../core/engine/rule.js';
export type { CompatGiven } from '../compat/compare.js';
export type { ErrataGiven } from '../errata/run.js';
export type { WireGiven } from '../wire/run.js';
