import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { applySeverities, runRule } from '../../scripts/core/engine/engine.js';
import { capPerFile, MAX_FINDINGS_PER_FILE, pushAll } from '../../scripts/core/model/findings.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import type { Rule } from '../../scripts/core/engine/rule.js';
import { defineRule } from '../../scripts/core/engine/rule.js';
import { PROJECT } from '../helpers/env.js';
import { OverlaySource } from '../helpers/overlay.js';

const flood = (n: number, file = 'spec/v2/interop-map.json'): Rule => ({
  id: 'test/flood',
  rfc: 'RFC 0000 §T',
  description: 'reports one finding per line',
  run(ctx) {
    for (let i = 0; i < n; i++) ctx.report({ at: { file, range: { line: i + 1, column: 1, endLine: i + 1, endColumn: 2 } }, message: `finding ${i}` });
  },
});

describe('hostile bounds: findings', () => {
  it(`a rule reporting 300,000 findings on one file keeps ${MAX_FINDINGS_PER_FILE} and counts the rest in one finding`, async () => {
    const corpus = new Corpus(new OverlaySource(PROJECT, {}), presetLayout('specgate'));
    const rule = flood(300_000);
    const { findings } = await runRule(rule, corpus, {});
    const final = applySeverities(findings, [defineRule(rule)]);
    expect(final).toHaveLength(MAX_FINDINGS_PER_FILE + 1);
    const cap = final.filter((f) => f.ruleId === 'limits/findings-per-file');
    expect(cap).toMatchObject([{ messageId: 'restOfRule', file: 'spec/v2/interop-map.json', line: 1, severity: 'error' }]);
    expect(cap[0]!.message).toMatch(/^299000 more findings of test\/flood in this file not shown \(at most 1000 per file\)/);
  });

  it('clean control: 1,000 findings on a file are all kept, with no cap finding', async () => {
    const corpus = new Corpus(new OverlaySource(PROJECT, {}), presetLayout('specgate'));
    const rule = flood(MAX_FINDINGS_PER_FILE);
    const final = applySeverities((await runRule(rule, corpus, {})).findings, [defineRule(rule)]);
    expect(final).toHaveLength(MAX_FINDINGS_PER_FILE);
    expect(final.some((f) => f.ruleId === 'limits/findings-per-file')).toBe(false);
  });

  it('findings of several rules over the cap on one file are capped across rules; other files keep theirs', () => {
    const mk = (file: string, n: number, severity: 'error' | 'warning') => Array.from({ length: n }, (_, i) => ({ ruleId: `r/${i % 3}`, severity, file, line: i + 1, column: 1, endLine: i + 1, endColumn: 1, message: `m${i}` }));
    const out = capPerFile([...mk('a.json', 1500, 'warning'), ...mk('b.json', 10, 'error')]);
    expect(out.filter((f) => f.file === 'a.json')).toHaveLength(1001);
    expect(out.filter((f) => f.file === 'b.json')).toHaveLength(10);
    const cap = out.find((f) => f.ruleId === 'limits/findings-per-file')!;
    // only warnings were dropped: the summary does not turn the run red by itself
    expect(cap).toMatchObject({ messageId: 'rest', file: 'a.json', severity: 'warning' });
    expect(cap.message).toMatch(/^500 more findings in this file not shown \(at most 1000 per file; from r\/0, r\/1, r\/2\)/);
  });

  it('pushAll appends more items than V8 passes as arguments (push(...a) throws RangeError past ~120k)', () => {
    const big = new Array<number>(500_000).fill(1);
    expect(() => [].push(...(big as never[]))).toThrow(RangeError);
    expect(pushAll([0], big)).toHaveLength(500_001);
  });
});

describe('hostile bounds: schema errors of a map whose every row is broken', () => {
  it('200,000 rows each with an unexpected key and a missing one become 200,000 reports (each error looked at once, not against all the others)', async () => {
    const { parseJson } = await import('../../scripts/core/parse/json-tree.js');
    const { schemaErrorReports } = await import('../../scripts/core/engine/schema.js');
    const n = 200_000;
    const doc = parseJson('map.json', JSON.stringify({ rows: Array.from({ length: n }, () => ({ nmae: 'x' })) }));
    const errors = Array.from({ length: n }, (_, i) => [
      { instancePath: `/rows/${i}`, keyword: 'required', params: { missingProperty: 'name' } },
      { instancePath: `/rows/${i}`, keyword: 'additionalProperties', params: { additionalProperty: 'nmae' } },
    ]).flat();
    // A scan of every error per unexpected key (4e10 steps here) would not finish in the test's time.
    const reports = [...schemaErrorReports(errors, doc)];
    expect(reports).toHaveLength(n);
    expect(reports[n - 1]!.message).toMatch(/unexpected property "nmae" .*did you mean "name"\?/);
  });
});
