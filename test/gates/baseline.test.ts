import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import type { Finding } from '../../scripts/core/findings.js';
import { applySuppressions, countErrors, MAX_SUPPRESSIONS_BYTES, prune, suppress, SUPPRESSIONS_FILE } from '../../scripts/core/suppressions.js';
import { ANCHOR, PROJECT, describeShared, lineOf, runCli, runJson, tempCopy, tempDir } from '../helpers/env.js';
import type { JsonFinding } from '../helpers/env.js';

/** Issue 15 §5: ESLint-style bulk suppressions — suppress all, a new defect fails at its line, a fixed one is prunable. */
async function check(root: string, ...args: string[]): Promise<{ code: number; findings: JsonFinding[]; summary: { suppressions?: { suppressed: number; prunable: unknown[] } } }> {
  return runJson(['check', '--root', root, ...args]);
}

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

/**
 * Runs suppress → (add one defect, fix another) → prune over a root, and returns what each step
 * reported. The new defect and the fixed one share a run: each check of a large corpus costs.
 */
async function suppressAddFix(root: string, preset: string[], addDefect: () => { file: string; line: number }, fixOne: () => void) {
  const before = await check(root, ...preset);
  expect(before.code).toBe(1);
  const suppressed = await check(root, ...preset, '--suppress-all');
  expect(suppressed.code).toBe(0);
  // The run that writes the file already applies it.
  expect(suppressed.findings.filter((x) => x.severity === 'error')).toEqual([]);
  const recorded = JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8')) as Record<string, Record<string, { count: number }>>;
  const total = Object.values(recorded).flatMap((r) => Object.values(r)).reduce((n, e) => n + e.count, 0);
  expect(total).toBe(before.findings.filter((x) => x.severity === 'error').length);

  const added = addDefect();
  fixOne();
  const withNew = await check(root, ...preset);
  expect(withNew.code).toBe(1);
  expect(withNew.findings.filter((x) => x.severity === 'error').map((x) => [x.file, x.line])).toEqual([[added.file, added.line]]);
  expect(withNew.summary.suppressions!.prunable.length).toBeGreaterThan(0);
  const pruned = await check(root, ...preset, '--prune-suppressions');
  expect(pruned.summary.suppressions!.prunable).toEqual([]);
  return { before, withNew };
}

describe('the suppressions file is read like every input', () => {
  it('a folder, a file over the cap, or a bad entry: one line, exit 2', async () => {
    const dir = tempDir();
    const folder = await runCli(['check', 'rfcs', '--suppressions-location', dir]);
    expect(folder).toMatchObject({ code: 2, stderr: `specgate: suppressions file ${dir}: is a directory, not a regular file\n` });
    const big = path.join(dir, 'big.json');
    writeFileSync(big, Buffer.alloc(MAX_SUPPRESSIONS_BYTES + 1, 0x20));
    expect((await runCli(['check', 'rfcs', '--suppressions-location', big])).stderr).toMatch(/^specgate: suppressions file \S+big\.json: file is \d+ bytes; refusing to read more than \d+\n$/);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "RFCS/x.md": { "rfcs/status-known": { "count": -1 } }\n}\n');
    expect((await runCli(['check', 'rfcs', '--suppressions-location', bad])).stderr).toBe(`specgate: ${bad}:2:39: "RFCS/x.md" → "rfcs/status-known" must be { "count": a whole number }\n`);
  });
});

describe('the baseline on a synthetic repository of 300 RFCs with historic defects', () => {
  let rfcs: string;
  let files: string[];
  beforeAll(() => {
    rfcs = path.join(generateCorpus(PROJECT, tempDir(), 15).root, 'RFCS');
    files = readdirSync(rfcs).filter((n) => /^\d{4}-/.test(n)).sort();
  });

  it('suppress all → exit 0; a new defect → exit 1 at its line; a fixed one → prunable, then pruned', async () => {
    expect(files.length).toBeGreaterThanOrEqual(300);
    // Historic defects: every tenth RFC carries a misspelt status.
    const historic = files.filter((_, i) => i % 10 === 0);
    for (const n of historic) {
      const p = path.join(rfcs, n);
      writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
    }
    const clean = files[1]!;
    await suppressAddFix(
      path.dirname(rfcs),
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
    const rfc = path.join(root, 'RFCS/0211-a2a-error-details-are-errorinfo.md');
    const r = await suppressAddFix(
      root,
      ['--preset', 'openwop'],
      () => {
        const p = path.join(root, 'RFCS/0208-v2-a2a-mcp-operation-mappings.md');
        writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
        return { file: 'RFCS/0208-v2-a2a-mcp-operation-mappings.md', line: lineOf(p, '`Acepted`') };
      },
      // RFC 0211 names an invariant the invariants file lacks (invariants/security-line-matches): withdrawn.
      () => writeFileSync(rfc, readFileSync(rfc, 'utf8').replace('New invariant `a2a-error-no-existence-oracle` (protocol, high)', 'No new invariant')),
    );
    expect(r.before.findings.length).toBeGreaterThan(100);
  }, 120_000);

  it('works with every format (stdout stays the format) and --staged (the file read from the git index)', async () => {
    const root = tempCopy(ANCHOR);
    expect((await runCli(['check', '--root', root, '--preset', 'openwop', '--suppress-all', '-f', 'compact'])).code).toBe(0);
    for (const format of ['stylish', 'compact', 'json', 'sarif', 'github']) {
      const r = await runCli(['check', '--root', root, '--preset', 'openwop', '-f', format]);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
      if (format === 'sarif') {
        expect(() => JSON.parse(r.stdout)).not.toThrow();
        expect(r.stderr, r.stderr).toMatch(/^specgate: \d+ known errors suppressed by \S*specgate-suppressions\.json\n$/);
      }
    }
    // --staged reads the suppressions file from the index: staged, it applies; unstaged, it does not exist.
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    expect((await runCli(['check', '--root', root, '--preset', 'openwop', '--staged', '-f', 'compact'])).code).toBe(0);
    git('rm', '-q', '--cached', SUPPRESSIONS_FILE);
    expect((await runCli(['check', '--root', root, '--preset', 'openwop', '--staged', '-f', 'compact'])).code).toBe(1);
  }, 120_000);
});
