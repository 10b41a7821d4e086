import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import { run } from '../../scripts/commands/check.js';
import type { Finding } from '../../scripts/core/findings.js';
import { applySuppressions, countErrors, prune, suppress, SUPPRESSIONS_FILE } from '../../scripts/core/suppressions.js';
import { ANCHOR, PROJECT, describeShared, lineOf, runCli, tempCopy, tempDir } from '../helpers/env.js';

/** Issue 15 §5: ESLint-style bulk suppressions — suppress all, a new defect fails at its line, a fixed one is prunable. */
let out = '';
async function check(root: string, ...args: string[]): Promise<{ code: number; report: { findings: Finding[]; summary: { suppressions?: { suppressed: number; prunable: unknown[] } } } }> {
  out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    const code = await run(['--root', root, '-f', 'json', ...args]);
    return { code, report: JSON.parse(out) };
  } finally {
    spy.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

/** The header's Status row (padded or not). */
const STATUS = /^(\| \*\*Status\*\* *\| *)`Accepted`/m;

const f = (file: string, ruleId: string, line = 1): Finding => ({ ruleId, severity: 'error', file, line, column: 1, endLine: 1, endColumn: 2, message: 'm' });

describe('suppressions (units)', () => {
  it('counts per file and rule; within the count nothing fails, beyond it every finding of that file and rule shows', () => {
    const recorded = suppress({}, countErrors([f('a.md', 'r/x', 1), f('a.md', 'r/x', 9), f('b.md', 'r/y')]));
    expect(recorded).toEqual({ 'a.md': { 'r/x': { count: 2 } }, 'b.md': { 'r/y': { count: 1 } } });
    // Lines moved: still within the count.
    expect(applySuppressions([f('a.md', 'r/x', 5), f('a.md', 'r/x', 20), f('b.md', 'r/y', 3)], recorded)).toMatchObject({ findings: [], suppressed: 3, prunable: [] });
    const more = applySuppressions([f('a.md', 'r/x', 1), f('a.md', 'r/x', 2), f('a.md', 'r/x', 3)], recorded);
    expect(more.findings).toHaveLength(3);
    expect(more.prunable).toEqual([{ file: 'b.md', ruleId: 'r/y', recorded: 1, found: 0 }]);
    expect(prune(recorded, countErrors([f('a.md', 'r/x')]))).toEqual({ 'a.md': { 'r/x': { count: 1 } } });
  });

  it('warnings are never suppressed (ESLint suppresses errors only)', () => {
    const w = { ...f('a.md', 'r/x'), severity: 'warning' as const };
    expect(applySuppressions([w], { 'a.md': { 'r/x': { count: 5 } } }).findings).toEqual([w]);
  });
});

/** Runs suppress → add → fix over a root, and returns what each step reported. */
async function suppressAddFix(root: string, preset: string[], addDefect: () => { file: string; line: number }, fixOne: () => void) {
  const before = await check(root, ...preset);
  expect(before.code).toBe(1);
  const suppressed = await check(root, ...preset, '--suppress-all');
  expect(suppressed.code).toBe(0);
  expect(suppressed.report.findings.filter((x) => x.severity === 'error')).toEqual([]);
  const recorded = JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8')) as Record<string, Record<string, { count: number }>>;
  const total = Object.values(recorded).flatMap((r) => Object.values(r)).reduce((n, e) => n + e.count, 0);
  expect(total).toBe(before.report.findings.filter((x) => x.severity === 'error').length);
  expect((await check(root, ...preset)).code).toBe(0);

  const added = addDefect();
  const withNew = await check(root, ...preset);
  expect(withNew.code).toBe(1);
  expect(withNew.report.findings.filter((x) => x.severity === 'error').map((x) => [x.file, x.line])).toEqual([[added.file, added.line]]);

  fixOne();
  const fixed = await check(root, ...preset);
  expect(fixed.report.summary.suppressions!.prunable.length).toBeGreaterThan(0);
  const pruned = await check(root, ...preset, '--prune-suppressions');
  expect(pruned.report.summary.suppressions!.prunable).toEqual([]);
  return { before, withNew, fixed };
}

describe('the baseline on a synthetic repository of 300 RFCs with historic defects', () => {
  it('suppress all → exit 0; a new defect → exit 1 at its line; a fixed one → prunable, then pruned', async () => {
    const root = generateCorpus(PROJECT, tempDir(), 15).root;
    const rfcs = path.join(root, 'RFCS');
    const files = (await import('node:fs')).readdirSync(rfcs).filter((n) => /^\d{4}-/.test(n)).sort();
    expect(files.length).toBeGreaterThanOrEqual(300);
    // Historic defects: every tenth RFC carries a misspelt status.
    const historic = files.filter((_, i) => i % 10 === 0);
    for (const n of historic) {
      const p = path.join(rfcs, n);
      writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
    }
    const clean = files[1]!;
    await suppressAddFix(
      root,
      ['rfcs'],
      () => {
        const p = path.join(rfcs, clean);
        writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
        return { file: `RFCS/${clean}`, line: lineOf(p, '`Acepted`') };
      },
      () => {
        const p = path.join(rfcs, historic[0]!);
        writeFileSync(p, readFileSync(p, 'utf8').replace('`Acepted`', '`Accepted`'));
      },
    );
  }, 400_000);
});

describeShared('the baseline on a copy of the upstream anchor (openwop-v2, --preset openwop)', () => {
  it('suppress all → exit 0; a new defect → exit 1 at its line; a fixed one → prunable', async () => {
    const root = tempCopy(ANCHOR);
    const rfc = path.join(root, 'RFCS/0001-rfc-process.md');
    const r = await suppressAddFix(
      root,
      ['--preset', 'openwop'],
      () => {
        const p = path.join(root, 'RFCS/0208-v2-a2a-mcp-operation-mappings.md');
        writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
        return { file: 'RFCS/0208-v2-a2a-mcp-operation-mappings.md', line: lineOf(p, '`Acepted`') };
      },
      () => writeFileSync(rfc, readFileSync(rfc, 'utf8').replace(/`GOVERNANCE\.md`,? ?/, '')),
    );
    expect(r.before.report.findings.length).toBeGreaterThan(100);
  }, 120_000);

  it('works with every format and --staged (end to end)', () => {
    const root = tempCopy(ANCHOR);
    expect(runCli(['check', '--root', root, '--preset', 'openwop', '--suppress-all', '-f', 'compact']).code).toBe(0);
    for (const format of ['stylish', 'compact', 'json', 'sarif', 'github']) {
      const r = runCli(['check', '--root', root, '--preset', 'openwop', '-f', format]);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
    }
  }, 120_000);
});
