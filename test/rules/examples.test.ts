import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../scripts/checks/registry.js';
import { runRuleOn, testRule } from '../../scripts/core/engine/rule-tester.js';
import type { Rule } from '../../scripts/core/engine/rule.js';
import { PROJECT } from '../helpers/env.js';

/*
 * Every check rule's own examples (meta.examples, rendered on the rule pages, docs/rules/) run as tests through
 * the public harness: only that rule, over its in-memory files.
 */
const families = await Promise.all(Object.values(FAMILIES).map((load) => load()));
const withExamples = families.flatMap((f) => f.rules).filter((r) => r.examples);

describe('rule examples (meta.examples)', () => {
  it('at least the converted rules carry examples', () => {
    expect(withExamples.map((r) => r.id)).toContain('interop-map/reason-upper-snake');
  });

  it('every rule of the converted families words its findings by messageId and carries examples', () => {
    const rules = families.filter((f) => ['interop-map', 'invariants', 'wire-examples'].includes(f.name)).flatMap((f) => f.rules);
    expect(rules.length).toBeGreaterThan(20);
    const lacking = rules.filter((r) => !(r.messages && r.examples?.valid.length && r.examples.invalid.length)).map((r) => r.id);
    expect(lacking).toEqual([]);
  });
  for (const rule of withExamples) testRule(rule, { describe, it });
});

describe('the harness holds a rule to its context', () => {
  const sneaky = (run: Rule['run']): Rule => ({ id: 'demo/sneaky', rfc: 'RFC 0001 §A', description: 'Reaches past its loaders.', run });

  it("a rule that reaches for the corpus's file source fails (the context offers loaders only)", async () => {
    const rule = sneaky(async (ctx) => {
      await (ctx.corpus as unknown as { source: { glob(p: string[]): Promise<string[]> } }).source.glob(['*.md']);
    });
    await expect(runRuleOn(rule, { 'a.md': '# A\n' })).rejects.toThrow(TypeError);
  });

  it('a rule cannot change its context (frozen)', async () => {
    const rule = sneaky((ctx) => {
      (ctx as { options: unknown }).options = {};
    });
    await expect(runRuleOn(rule, {})).rejects.toThrow(TypeError);
  });

  it('a report naming a messageId its rule does not declare is an error, not a garbled message', async () => {
    const rule: Rule = { ...sneaky((ctx) => ctx.report({ at: { file: 'a.md' }, messageId: 'nope' })), messages: { yes: 'fine' } };
    await expect(runRuleOn(rule, { 'a.md': '# A\n' })).rejects.toThrow(/messageId "nope"/);
  });

  it('no rule module imports the file system or a process: rules read through ctx loaders only', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.ts') && /from ['"](node:)?(fs|fs\/promises|child_process)['"]/.test(readFileSync(p, 'utf8'))) offenders.push(path.relative(PROJECT, p));
      }
    };
    walk(path.join(PROJECT, 'scripts/checks'));
    expect(offenders).toEqual([]);
  });
});
