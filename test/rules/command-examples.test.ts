import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../scripts/checks/registry.js';
import { testRule } from '../../scripts/core/engine/rule-tester.js';
import { commandFamilies, readingFamily } from '../../scripts/families.js';
import { allRules } from '../../scripts/rules-registry.js';

/*
 * The examples (meta.examples, rendered on the rule pages, docs/rules/) of the rules that commands
 * other than `check <family>` report, run by the same harness as the check rules' (examples.test.ts),
 * each through its family's `run` (scripts/families.ts): the command's judge on the example's inputs
 * in memory (captures, a base and a head, a recorded host's answers, an RFC with errata), every
 * other rule of the family off. No table here: the families are the list.
 */
const families = [await readingFamily(), ...(await commandFamilies())];

describe('command rule examples (meta.examples)', () => {
  it('every rule with examples is run: a check rule by examples.test.ts, any other through its family here', async () => {
    const checkIds = new Set((await Promise.all(Object.values(FAMILIES).map((load) => load()))).flatMap((f) => f.rules.map((r) => r.id)));
    const run = new Set(families.flatMap((f) => f.rules.map((r) => r.id)));
    const unrun = (await allRules()).filter((r) => r.examples && !checkIds.has(r.id) && !run.has(r.id)).map((r) => r.id);
    expect(unrun, 'give the rule a family (scripts/families.ts)').toEqual([]);
  });
  for (const family of families.filter((f) => f.page !== 'input' && f.page !== 'compat')) {
    it(`every ${family.page} rule carries examples`, () => {
      expect(family.rules.filter((r) => !r.examples).map((r) => r.id)).toEqual([]);
    });
  }
  for (const family of families) {
    for (const rule of family.rules.filter((r) => r.examples)) testRule(rule, { describe, it }, { family });
  }
});
