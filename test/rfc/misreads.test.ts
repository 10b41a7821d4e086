import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { family } from '../../scripts/checks/invariants/index.js';
import { runRuleOn } from '../../scripts/core/engine/rule-tester.js';
import { PROJECT } from '../helpers/env.js';
import { positionOf } from '../helpers/positions.js';

/*
 * Each reading the RFC reader once got wrong, on a fixture of its own (test/fixtures/rfc-reader):
 * the citation that names the place resolves (no finding), and a citation of a place the fixture
 * does not have is still reported — so the fix cannot be "accept everything".
 */

const FIXTURES = path.join(PROJECT, 'test/fixtures/rfc-reader');
const INVARIANTS = 'SECURITY/invariants.yaml';
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** An upstream-form invariants file with one entry whose note is `note` (a YAML block, lines kept). */
function invariants(note: string): string {
  const body = note
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
  return `invariants:\n  - id: fixture-entry\n    tier: advisory\n    severity: low\n    threat_model: SECURITY/threat-model.md\n    tests: []\n    witness: claims-check\n    note: |\n${body}\n`;
}

async function citationFindings(rfc: string, note: string) {
  const yaml = invariants(note);
  const files = { [`RFCS/${rfc}`]: fixture(rfc), [INVARIANTS]: yaml, 'SECURITY/threat-model.md': '# Threats\n' };
  // The two citation rules, each run alone (scripts/core/engine/rule-tester.ts): only the section rule may report.
  const found = [];
  for (const id of ['invariants/cited-rfc-exists', 'invariants/cited-section-exists']) {
    const run = await runRuleOn(family.rules.find((r) => r.id === id)!, files, { preset: 'openwop' });
    expect(run.problems).toEqual([]);
    found.push(...run.findings);
  }
  return { yaml, found };
}

describe('citations the reader used to misread', () => {
  it('§C.2 and §C-3 name items of the numbered list under "### §C — …"; §C.4 (no such item) is reported', async () => {
    const { yaml, found } = await citationFindings('0101-list-items.md', 'RFC 0101 §C.2 and RFC 0101 §C-3 hold; RFC 0101 §C.4 does not exist.');
    expect(found.map((f) => [f.ruleId, f.line, f.column])).toEqual([['invariants/cited-section-exists', positionOf(yaml, 'RFC 0101 §C.4').line, positionOf(yaml, 'RFC 0101 §C.4').column]]);
    expect(found[0]!.message).toMatch(/cites RFC 0101 §C\.4, but .* has no such section/);
  });

  it('"### C. SECURITY invariants" is §C; §E is reported', async () => {
    const { found } = await citationFindings('0102-letter-dot.md', 'Rests on RFC 0102 §C and RFC 0102 §B; not on RFC 0102 §E.');
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/cites RFC 0102 §E, but/)]);
  });

  it('"### §4 — Limits" is §4; §5 is reported', async () => {
    const { found } = await citationFindings('0103-numeric.md', 'See RFC 0103 §4 (and RFC 0103 §3); RFC 0103 §5 is not written.');
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/cites RFC 0103 §5, but/)]);
  });

  it('"#### §A14 Retry budget" at depth four is §A14; §A15 is reported', async () => {
    const { found } = await citationFindings('0104-level-four.md', 'RFC 0104 §A14 shares the budget; RFC 0104 §A13 sets backoff; RFC 0104 §A15 is absent.');
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/cites RFC 0104 §A15, but/)]);
  });

  it('a citation split by a line break ("… RFC" / "0104 §A14") is read, located from its first line to its last', async () => {
    const { yaml, found } = await citationFindings('0104-level-four.md', 'The budget rule is that of RFC\n0104 §A14, and the one after it is RFC\n0104 §A15.');
    expect(found).toHaveLength(1);
    const at = positionOf(yaml, 'RFC\n', 2);
    expect(found[0]).toMatchObject({ ruleId: 'invariants/cited-section-exists', line: at.line, column: at.column, endLine: at.line + 1 });
    expect(found[0]!.message).toMatch(/cites RFC 0104 §A15/);
  });
});
