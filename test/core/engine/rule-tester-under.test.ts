import { describe, expect, it } from 'vitest';
import { invalidMismatches, testRule, validMismatches } from '../../../scripts/api/testing.js';
import type { Rule, RuleContext } from '../../../scripts/api/rules.js';

/**
 * Issue 34 §7: a plugin author tests a rule under the adopter's repository (its layout and process),
 * not only under the preset's: `testRule(rule, api, { layout })`.
 */
const rule = {
  id: 'adopter/rfc-folder-named',
  rfc: 'the adopter process §1',
  description: 'The RFC folder the layout names holds a README.md.',
  messages: { missing: 'no README.md in {{dir}}/' },
  run(ctx: RuleContext) {
    ctx.visit();
    const dir = ctx.layout.rfcsDir;
    if (!ctx.corpus.exists(`${dir}/README.md`)) ctx.report({ at: { file: `${dir}/0001-a.md`, range: { line: 1, column: 1, endLine: 1, endColumn: 2 } }, messageId: 'missing', data: { dir } });
  },
  examples: {
    valid: [{ name: 'EIPS/ has its README', files: { 'EIPS/README.md': '# EIPs\n', 'EIPS/0001-a.md': '# a\n' } }],
    invalid: [{ name: 'EIPS/ without README', files: { 'EIPS/0001-a.md': '# a\n' }, errors: [{ messageId: 'missing', file: 'EIPS/0001-a.md', line: 1, column: 1, data: { dir: 'EIPS' } }] }],
  },
} as unknown as Rule & { examples: { valid: any[]; invalid: any[] } };

describe('testRule under an adopter\'s layout', () => {
  it('runs every example with the layout given (the preset\'s RFCS/ would fail them)', async () => {
    const under = { layout: { rfcsDir: 'EIPS' } };
    expect(await validMismatches(rule as any, rule.examples.valid[0], undefined, under)).toEqual([]);
    expect(await invalidMismatches(rule as any, rule.examples.invalid[0], undefined, under)).toEqual([]);
    // Control: under the preset's layout the valid example reports (RFCS/README.md is not there).
    expect((await validMismatches(rule as any, rule.examples.valid[0])).length).toBe(1);
  });

  testRule(rule as any, { describe, it }, { layout: { rfcsDir: 'EIPS' } });
});
