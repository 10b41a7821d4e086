import { describe, expect, it } from 'vitest';
import { family } from '../../../scripts/checks/rfcs/index.js';
import { runRuleOn } from '../../../scripts/core/engine/rule-tester.js';

/*
 * The section an rfcs finding names depends on the preset: this project's RFC 0001, or under
 * `openwop` upstream's RFC 0001 and template. One rule at a time over the rule's own invalid
 * examples (meta.examples), run under each preset.
 */

const rule = (id: string) => family.rules.find((r) => r.id === id)!;

async function citations(id: string, preset: string): Promise<string[]> {
  const r = rule(id);
  const out: string[] = [];
  for (const c of r.examples!.invalid) {
    const run = await runRuleOn(r, c.files, { preset });
    for (const f of run.findings) {
      // The message ends with the section it names, which is the finding's rfc.
      expect(f.message.endsWith(` (${f.rfc})`), f.message).toBe(true);
      out.push(f.rfc!);
    }
  }
  return [...new Set(out)];
}

describe('rfcs findings name the process of the preset', () => {
  const cases: Array<[id: string, specgate: string, openwop: string]> = [
    ['rfcs/status-known', 'RFC 0001 §C', 'RFC 0001 §3'],
    ['rfcs/header-table', 'RFC 0001 §B', 'RFC 0001 §6, template'],
    ['rfcs/dates-valid', 'RFC 0001 §B', 'RFC 0001 §6, template'],
    ['rfcs/number-matches', 'RFC 0001 §A', 'RFC 0001 §1–§2'],
    ['rfcs/supersedes-reciprocal', 'RFC 0001 §C', 'RFC 0001 §3 (Superseded)'],
    ['rfcs/acceptance-boxes', 'RFC 0001 §G', 'RFC 0001 §3 (Accepted: acceptance criteria met), template'],
    ['rfcs/unresolved-before-active', 'RFC 0001 §G', 'RFC 0001 §6, template'],
  ];
  for (const [id, own, upstream] of cases) {
    it(`${id}: ${own}; under openwop ${upstream}`, async () => {
      expect(await citations(id, 'specgate')).toEqual([own]);
      expect(await citations(id, 'openwop')).toEqual([upstream]);
    });
  }

  it("a project-only rule is off under openwop: its examples report nothing there", async () => {
    for (const id of ['rfcs/title-row-matches', 'rfcs/updated-newest-first', 'rfcs/affects-paths-exist']) {
      for (const c of rule(id).examples!.invalid) expect((await runRuleOn(rule(id), c.files, { preset: 'openwop' })).findings, id).toEqual([]);
    }
  });
});
