import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { entry as exampleEntry, invariantsWith, rfc } from '../../../scripts/checks/invariants/example-files.js';
import { citedRfcStatus } from '../../../scripts/checks/invariants/rules/cited-rfc-status.js';
import { protocolTestsResolve } from '../../../scripts/checks/invariants/rules/protocol-tests-resolve.js';
import { runRuleOn, testRule } from '../../../scripts/core/engine/rule-tester.js';
import { ANCHOR, describeShared, tempCopy } from '../../helpers/env.js';
import type { GateResult } from '../rfcs/helpers.js';
import { citedSectionExists } from '../../../scripts/checks/invariants/rules/cited-section-exists.js';
import { INVARIANTS, RFC_0211, append, gate, only, projectCopy, rangeAfter, rangeOf, read } from '../rfcs/helpers.js';

function entryCount(text: string): number {
  return (load(text) as { invariants: unknown[] }).invariants.length;
}

/*
 * One rule at a time on small in-memory corpora (scripts/core/engine/rule-tester.ts): the cases the
 * rules' meta.examples leave out. The examples run in test/rules/examples.test.ts.
 */
const citing0152 = (status: string, extraRows = '') => invariantsWith([exampleEntry('example', { rfcs: '["0152 §A"]' })], rfc('0152', status, '', extraRows));

testRule(citedRfcStatus, { describe, it }, { cases: {
  valid: [{ name: 'a cited RFC that is Active', files: citing0152('Active') }],
  invalid: [
    { name: 'a cited RFC that is Rejected (an error)', files: citing0152('Rejected'), errors: [{ messageId: 'retired', line: 9, column: 12, data: { invariant: 'example', rfc: '0152', status: 'Rejected' } }] },
    { name: 'a Superseded RFC that names no successor', files: citing0152('Superseded'), errors: [{ messageId: 'supersededByNone', line: 9, column: 12, data: { invariant: 'example', rfc: '0152' } }] },
  ],
} });

describe('invariants/protocol-tests-resolve on hostile globs', () => {
  it('a glob of 22 separate `*` is refused at once, located, not matched', async () => {
    const hostile = 'test/' + 'a*'.repeat(22) + 'b.test.ts';
    const files = invariantsWith([exampleEntry('example', { tier: 'protocol', tests: `\n      - test/wire/*.test.ts\n      - "${hostile}"`, witness: 'witnessable-unaided' })], { 'test/wire/a.test.ts': '' });
    const run = await runRuleOn(protocolTestsResolve, files);
    expect(run.findings.map((f) => [f.messageId, f.severity, f.line, f.column, f.pointer])).toEqual([['refused', 'error', 9, 9, '/invariants/0/tests/1']]);
    expect(run.findings[0]!.message).toMatch(/refused: .* has 22 separate `\*` wildcards \(at most 3/);
  });
});

describe('check invariants on this project', () => {
  it('passes the clean corpus and reports its figures', async () => {
    const { root } = projectCopy();
    const r = await gate(root, 'invariants');
    expect(r.stderr).toBe('');
    expect(r.findings).toEqual([]);
    expect(r.code).toBe(0);
    const extras = r.summary.families.find((f: any) => f.family === 'invariants').extras;
    expect(extras.entries).toBe(entryCount(read(root, INVARIANTS)));
    expect(extras.entriesCitingNoRfc).toBe(0);
    expect(extras.absentRfcs).toEqual([]);
  });

  it('invariants/cited-section-exists: §Z of RFC 0211 names the sections it has; a nested §D.7 resolves once the bold label exists', async () => {
    const cites = [exampleEntry('example', { rfcs: '["0211 §Z", "0211 §D.7"]' })];
    const sections = '\n## §D Details\n\nThe details.\n';
    let run = await runRuleOn(citedSectionExists, invariantsWith(cites, rfc('0211', 'Accepted', sections)));
    expect(run.findings.map((f) => [f.line, f.messageId, f.message])).toEqual([
      [9, 'absent', expect.stringMatching(/cites RFC 0211 §Z, but RFCS\/0211-example\.md has no such section \(it has §A, §D\)/)],
      [9, 'absent', expect.stringMatching(/cites RFC 0211 §D\.7, but/)],
    ]);
    run = await runRuleOn(citedSectionExists, invariantsWith(cites, rfc('0211', 'Accepted', `${sections}\n- **D.7 Echo removal.** The echoed id is dropped before comparing.\n`)));
    expect(run.findings.map((f) => f.message)).toEqual([expect.stringMatching(/cites RFC 0211 §Z,/)]);
  });
});

describe('check invariants on bad YAML', () => {
  // duplicate keys, tabs and alias bombs are rule tests (test/rules/input.cases.ts)
  it('a missing invariants file is one finding, not a crash', async () => {
    const { root } = projectCopy();
    rmSync(path.join(root, INVARIANTS));
    const r = await gate(root, 'invariants');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [f.ruleId, f.file])).toEqual([['corpus/missing-file', INVARIANTS]]);
  });
});

describeShared('check invariants on the upstream anchors', () => {
  const FILE = 'SECURITY/invariants.yaml';
  let text: string;
  let present: Set<string>;
  let r: GateResult;
  let extras: any;
  // An independent count: every "RFC NNNN" (and "NNNN/NNNN" lists) in an entry's text fields.
  let citedBy: string[][];
  let entries: Array<Record<string, unknown>>;
  beforeAll(async () => {
    text = readFileSync(path.join(ANCHOR, FILE), 'utf8');
    entries = (load(text) as { invariants: Array<Record<string, unknown>> }).invariants;
    present = new Set(readdirSync(path.join(ANCHOR, 'RFCS')).map((f) => f.slice(0, 4)));
    r = await gate(ANCHOR, 'invariants', ['--preset', 'openwop']);
    extras = r.summary?.families?.find((f: any) => f.family === 'invariants')?.extras;
    citedBy = entries.map((e) => {
      const prose = Object.entries(e)
        .filter(([k]) => !['id', 'tier', 'severity', 'threat_model', 'tests', 'witness'].includes(k))
        .map(([, v]) => String(v))
        .join('\n');
      const nums: string[] = [];
      // A folded line may break between "RFC" and its number.
      for (const m of prose.matchAll(/\bRFCs?(?:\s+|-)?(\d{4}(?:\s*\/\s*\d{4})*)(?![\d-])/g)) nums.push(...m[1]!.split('/').map((s) => s.trim()));
      return nums;
    });
  });

  it('reads all entries and validates them against the built-in upstream schema', async () => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(extras.entries).toBe(entries.length);
    expect(only(r, 'invariants/schema')).toEqual([]);
    expect(only(r, 'invariants/unique-id')).toEqual([]);
  });

  it('summarises entries citing no RFC, citations, and the cited RFCs absent from RFCS/', async () => {
    const none = citedBy.filter((c) => c.length === 0).length;
    const cited = [...new Set(citedBy.flat())].sort();
    expect(extras.entriesCitingNoRfc).toBe(none);
    // Upstream's v1.0 invariants predate its RFC process: the rule is this project's, off under openwop.
    expect(none).toBeGreaterThan(0);
    expect(only(r, 'invariants/cites-rfc')).toEqual([]);
    expect(extras.absentRfcs).toEqual(cited.filter((n) => !present.has(n)));
    expect(extras.citedRfcs).toBe(cited.length);
  });

  it('reports each absent RFC at the citing line and column', async () => {
    const lines = text.split('\n');
    const found = only(r, 'invariants/cited-rfc-exists');
    expect(found.length).toBeGreaterThanOrEqual(extras.absentRfcCount);
    for (const f of found) {
      const n = /cites RFC (\d{4})/.exec(f.message)![1]!;
      expect(present.has(n)).toBe(false);
      // A citation split across lines starts on one line and ends on the next.
      expect(lines.slice(f.line - 1, f.endLine).join('\n').slice(f.column - 1)).toMatch(new RegExp(`^(RFCs?(\\s+|-)?)?${n}`));
    }
  });

  it("reports RFC 0211's new invariant, which this file predates, at the RFC's Security line", async () => {
    const rfc = readFileSync(path.join(ANCHOR, 'RFCS/0211-a2a-error-details-are-errorinfo.md'), 'utf8');
    const found = only(r, 'invariants/security-line-matches');
    expect(found.map((f) => [f.file, f.line, f.column, f.endColumn])).toEqual([
      ['RFCS/0211-a2a-error-details-are-errorinfo.md', ...triple(rangeAfter(rfc, '## Security', '`a2a-error-no-existence-oracle`'))],
    ]);
  });

  it('in the upstream form too: a disagreeing tier, and a prose §Z citation located inside the note', async () => {
    const root = tempCopy(ANCHOR);
    const tail = [
      '',
      '  - id: a2a-error-no-existence-oracle',
      '    tier: reference-impl',
      '    severity: high',
      '    threat_model: SECURITY/threat-model-replay.md',
      '    tests: []',
      '    note: |',
      '      RFC 0211 §D. The data of an unreadable task equals an unknown one;',
      '      see also RFC 0211 §Z.',
      '    witness: witnessable-unaided',
      '    witnessReview: reviewed-2026-09-24',
      '',
    ].join('\n');
    const mutated = text.replace(/\n*$/, '\n') + tail;
    writeFileSync(path.join(root, FILE), mutated);
    const m = await gate(root, 'invariants', ['--preset', 'openwop']);
    const tier = only(m, 'invariants/security-line-matches');
    expect(tier.map((f) => [f.file, f.line, f.column, f.endColumn])).toEqual([[FILE, ...triple(rangeAfter(mutated, '- id: a2a-error-no-existence-oracle', 'reference-impl'))]]);
    const section = only(m, 'invariants/cited-section-exists');
    expect(section.map((f) => [f.line, f.column, f.endColumn])).toEqual([triple(rangeOf(mutated, 'RFC 0211 §Z'))]);
  });
});

function triple(r: { line: number; column: number; endColumn: number }): [number, number, number] {
  return [r.line, r.column, r.endColumn];
}
