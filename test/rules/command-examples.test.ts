import { describe, expect, it } from 'vitest';
import type { ExampleDriver } from '../../scripts/core/rule-tester.js';
import { EXCEPTION_RULES } from '../../scripts/core/exceptions.js';
import { exceptionsExampleDriver } from '../../scripts/core/exceptions-example-driver.js';
import type { Rule } from '../../scripts/core/rule.js';
import { INPUT_EXAMPLE_DRIVER } from '../../scripts/core/input-example-driver.js';
import { INPUT_RULES } from '../../scripts/core/input-rules.js';
import { testRule } from '../../scripts/core/rule-tester.js';
import type { RuleMeta } from '../../scripts/core/rule.js';
import { FsSource } from '../../scripts/core/source.js';
import { compatExampleDriver } from '../../scripts/compat/example-driver.js';
import { RULE_INFOS as COMPAT_RULES } from '../../scripts/compat/rules.js';
import { ERRATA_EXAMPLE_DRIVER } from '../../scripts/errata/example-driver.js';
import { ERRATA_RULES } from '../../scripts/errata/rules.js';
import { probeExampleDriver } from '../../scripts/probe/example-driver.js';
import { PROBE_OWN_RULES } from '../../scripts/probe/findings.js';
import { wireExampleDriver } from '../../scripts/wire/example-driver.js';
import { WIRE_COMMAND_RULES } from '../../scripts/wire/rules.js';
import { FAMILIES } from '../../scripts/checks/registry.js';
import { allRules } from '../../scripts/rules-registry.js';
import { PROJECT } from '../helpers/env.js';

/*
 * The examples (meta.examples, rendered on the rule pages, docs/rules/) of the rules of the other commands, run
 * by the same harness as the check rules' (examples.test.ts), each through its command's driver
 * (wire, errata, probe, compat):
 * the command's judge on the example's files in memory, every other rule of the command off.
 */
const COMMANDS: Array<{ rules: readonly RuleMeta[]; driver: ExampleDriver }> = [
  { rules: WIRE_COMMAND_RULES, driver: wireExampleDriver(new FsSource(PROJECT)) },
  { rules: ERRATA_RULES, driver: ERRATA_EXAMPLE_DRIVER },
  { rules: PROBE_OWN_RULES, driver: probeExampleDriver(new FsSource(PROJECT)) },
  // A compat rule's example is a base and a head, compared in memory as `specgate compat` compares a git base.
  { rules: COMPAT_RULES, driver: compatExampleDriver },
  // The input rules have no `run`: the corpus reports them when a rule asks for a file.
  { rules: INPUT_RULES, driver: INPUT_EXAMPLE_DRIVER },
  // The exceptions rules have no `run` either: check reports them when it settles the exceptions, after the rules they name ran.
  { rules: EXCEPTION_RULES, driver: exceptionsExampleDriver(checkRules) },
];

/** Every check family's rules: the ones an exception may name. */
async function checkRules(): Promise<Rule[]> {
  return (await Promise.all(Object.values(FAMILIES).map((load) => load()))).flatMap((f) => f.rules);
}

describe('command rule examples (meta.examples)', () => {
  it('every rule with examples is run: a check rule by examples.test.ts, any other through its command here', async () => {
    const checkIds = new Set((await Promise.all(Object.values(FAMILIES).map((load) => load()))).flatMap((f) => f.rules.map((r) => r.id)));
    const driven = new Set(COMMANDS.flatMap((c) => c.rules.map((r) => r.id)));
    const unrun = (await allRules()).filter((r) => r.examples && !checkIds.has(r.id) && !driven.has(r.id)).map((r) => r.id);
    expect(unrun, 'give their command a driver and list it in COMMANDS').toEqual([]);
  });
  it('every wire rule carries examples', () => {
    expect(WIRE_COMMAND_RULES.filter((r) => !r.examples).map((r) => r.id)).toEqual([]);
  });
  it('every errata rule carries examples', () => {
    expect(ERRATA_RULES.filter((r) => !r.examples).map((r) => r.id)).toEqual([]);
  });
  it('every exceptions rule carries examples', () => {
    expect(EXCEPTION_RULES.filter((r) => !r.examples).map((r) => r.id)).toEqual([]);
  });
  it("every probe rule of the probe's own carries examples (the wire rules it reports carry theirs)", () => {
    expect(PROBE_OWN_RULES.filter((r) => !r.examples).map((r) => r.id)).toEqual([]);
  });
  for (const { rules, driver } of COMMANDS) {
    for (const rule of rules.filter((r) => r.examples)) testRule(rule, { describe, it }, { driver });
  }
});
