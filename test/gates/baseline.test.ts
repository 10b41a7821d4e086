import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { configText } from '../../scripts/init/run.js';
import { generateCorpus } from '../../scripts/bench/synthetic.js';
import type { Finding } from '../../scripts/core/model/findings.js';
import { applySuppressions, countErrors, MAX_SUPPRESSIONS_BYTES, prune, runScope, suppress, SUPPRESSIONS_FILE } from '../../scripts/core/config/suppressions.js';
import { ANCHOR, PROJECT, describeShared, lineOf, projectCorpusCopy, runCli, runJson, tempCopy, tempDir } from '../helpers/env.js';
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

describe('the baseline is scoped to what the run checked', () => {
  it('units: a rule of a family that did not run, or a file the run did not read, is neither prunable nor pruned', () => {
    const recorded = { 'a.md': { 'r/x': { count: 2 }, 'o/y': { count: 1 } }, 'unread.md': { 'r/x': { count: 1 } }, 'gone.md': { 'r/x': { count: 1 }, 'parse/z': { count: 1 } } };
    const inScope = runScope(new Set(['r/x']), new Set(['o/y']), new Set(['a.md']), (file) => file !== 'gone.md');
    // a.md r/x is fixed; o/y did not run; unread.md was not read; gone.md's r/x is gone with its file.
    expect(applySuppressions([], recorded, inScope).prunable.map((p) => `${p.file} ${p.ruleId}`)).toEqual(['a.md r/x', 'gone.md r/x']);
    expect(prune(recorded, {}, inScope)).toEqual({ 'a.md': { 'o/y': { count: 1 } }, 'gone.md': { 'parse/z': { count: 1 } }, 'unread.md': { 'r/x': { count: 1 } } });
    // With every family run, an entry of a file that exists no more is in scope whatever its rule.
    expect(runScope(new Set(['r/x']), new Set(), new Set(), () => false)('gone.md', 'parse/z')).toBe(true);
  });

  /** This project's corpus (no errors) with one misspelt status, and a baseline naming every family. */
  function corpusWithBaseline(): { root: string; rfc: string; read: () => Record<string, Record<string, { count: number }>> } {
    const root = projectCorpusCopy();
    // The copy holds no scripts/, which the RFCs' Affects rows name.
    writeFileSync(path.join(root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/affects-paths-exist': 'off' } }));
    const rfc = 'RFCS/0001-rfc-process.md';
    const p = path.join(root, rfc);
    writeFileSync(p, readFileSync(p, 'utf8').replace(STATUS, '$1`Acepted`'));
    const baseline = {
      [rfc]: { 'rfcs/status-known': { count: 1 }, 'rfcs/title-matches': { count: 1 } },
      'RFCS/0002-deleted.md': { 'rfcs/status-known': { count: 1 } },
      'invariants/invariants.yaml': { 'invariants/schema': { count: 2 } },
      'schemas/v2/gone.schema.json': { 'corpus/missing-file': { count: 1 } },
      'spec/v2/interop-map.json': { 'interop-map/schema': { count: 3 } },
    };
    writeFileSync(path.join(root, SUPPRESSIONS_FILE), JSON.stringify(baseline, null, 2) + '\n');
    return { root, rfc, read: () => JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8')) };
  }

  it('check rfcs --prune-suppressions keeps the interop-map and invariants entries; --suppress-all rewrites only its own', async () => {
    const { root, rfc, read } = corpusWithBaseline();
    // Run where a user runs it, in the repository: what they see does not depend on where the temp folder is.
    const pruned = await runCli(['check', 'rfcs', '--prune-suppressions', '-f', 'compact'], { cwd: root });
    expect(pruned.code, pruned.stdout + pruned.stderr).toBe(0);
    expect(pruned.stdout).toBe(`wrote ${SUPPRESSIONS_FILE}: 4 entries (file and rule id, with a count)\n1 known error suppressed by ${SUPPRESSIONS_FILE}\n`);
    // The RFC's fixed rule and the deleted RFC go; the families that did not run, and a missing file no rfcs rule read, stay.
    expect(read()).toEqual({
      [rfc]: { 'rfcs/status-known': { count: 1 } },
      'invariants/invariants.yaml': { 'invariants/schema': { count: 2 } },
      'schemas/v2/gone.schema.json': { 'corpus/missing-file': { count: 1 } },
      'spec/v2/interop-map.json': { 'interop-map/schema': { count: 3 } },
    });
    const full = await runJson(['check', '--root', root, '--prune-suppressions']);
    expect(full.code).toBe(0);
    expect(read()).toEqual({ [rfc]: { 'rfcs/status-known': { count: 1 } } });
  }, 60_000);

  it('check interop-map prints no prunable line for an rfcs entry; --suppress-all keeps the others as they are', async () => {
    const { root, rfc, read } = corpusWithBaseline();
    const map = await runJson(['check', 'interop-map', '--root', root]);
    expect(map.code).toBe(0);
    expect(map.summary.suppressions.prunable).toEqual([{ file: 'spec/v2/interop-map.json', ruleId: 'interop-map/schema', recorded: 3, found: 0 }]);
    const github = await runCli(['check', 'interop-map', '--root', root, '-f', 'github']);
    expect(github.stderr).not.toContain('RFCS/');
    const before = read();
    expect((await runCli(['check', 'rfcs', '--root', root, '--suppress-all', '-f', 'compact'])).stdout).not.toContain('invariants');
    expect(read()).toEqual(before);
    expect(before[rfc]).toEqual({ 'rfcs/status-known': { count: 1 }, 'rfcs/title-matches': { count: 1 } });
  }, 60_000);

  it('--staged: a file the index does not hold is not judged', async () => {
    const { root } = corpusWithBaseline();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    writeFileSync(path.join(root, 'RFCS/0003-untracked.md'), '# RFC 0003: not staged\n');
    const recorded = JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'));
    recorded['RFCS/0003-untracked.md'] = { 'rfcs/status-known': { count: 1 } };
    writeFileSync(path.join(root, SUPPRESSIONS_FILE), JSON.stringify(recorded));
    git('add', SUPPRESSIONS_FILE);
    const r = await runJson(['check', 'rfcs', '--staged', '--root', root]);
    expect(r.code).toBe(0);
    expect(r.summary.suppressions.prunable.map((p: { file: string; ruleId: string }) => `${p.file} ${p.ruleId}`)).toEqual(['RFCS/0001-rfc-process.md rfcs/title-matches', 'RFCS/0002-deleted.md rfcs/status-known']);
  }, 60_000);

  it('--staged writes the baseline only when the working tree holds the staged file: changes not staged are never overwritten', async () => {
    const { root } = corpusWithBaseline();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    // An entry of errata check's added and not staged: the run reads the index's file, so writing
    // the pruned file from it would throw the entry away (it did).
    const recorded = JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'));
    recorded['RFCS/0001-rfc-process.md']['errata/not-applied'] = { count: 1 };
    const edited = JSON.stringify(recorded, null, 2) + '\n';
    writeFileSync(path.join(root, SUPPRESSIONS_FILE), edited);
    for (const flag of ['--prune-suppressions', '--suppress-all']) {
      const r = await runCli(['check', 'rfcs', '--staged', flag, '--root', root]);
      expect(r.stderr.trim()).toBe(`specgate: ${flag} with --staged: specgate-suppressions.json has changes that are not staged; stage them (git add specgate-suppressions.json) or run without --staged`);
      expect(r.code).toBe(2);
      expect(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8')).toBe(edited);
    }
    // Staged, the file is the one the run read: it is written.
    git('add', SUPPRESSIONS_FILE);
    const staged = await runCli(['check', 'rfcs', '--staged', '--prune-suppressions', '--root', root]);
    expect(staged.stdout + staged.stderr).toMatch(/wrote \S*specgate-suppressions\.json/);
    expect(JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'))['RFCS/0001-rfc-process.md']['errata/not-applied']).toEqual({ count: 1 });
  }, 60_000);

  it('stylish: the summary and the family rows count the same errors, and say how many the baseline covered', async () => {
    const { root } = corpusWithBaseline();
    const r = await runCli(['check', 'rfcs'], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✔ no problems');
    expect(r.stdout).toContain(`1 known error suppressed by ${SUPPRESSIONS_FILE}\n`);
    expect(r.stdout).toMatch(/ {2}rfcs: +\d+ files read, \d+ items checked, no errors \(1 suppressed\), /);
    const json = await runJson(['check', 'rfcs', '--root', root]);
    expect(json.summary.families[0]).toMatchObject({ family: 'rfcs', errors: 0, suppressed: 1 });
  }, 60_000);
});

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

/** A copy of the anchor with the configuration `specgate init` writes for it (the wire-example rules off: it lacks RFC 0211's schemas). */
function anchorCopy(): string {
  const root = tempCopy(ANCHOR);
  writeFileSync(path.join(root, 'specgate.config.json'), configText('openwop', true));
  return root;
}

describeShared('the baseline on a copy of the upstream anchor (openwop-v2, --preset openwop)', () => {
  it('suppress all → exit 0; a new defect → exit 1 at its line; a fixed one → prunable', async () => {
    const root = anchorCopy();
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
    const root = anchorCopy();
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

  it('a file that does not parse keeps its entries: none is used up or prunable, and --prune-suppressions refuses', async () => {
    const root = anchorCopy();
    const inv = path.join(root, 'SECURITY/invariants.yaml');
    expect((await runCli(['check', '--root', root, '--suppress-all', '-f', 'compact'])).code).toBe(0);
    const recorded = readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8');
    const good = readFileSync(inv, 'utf8');
    // one tab in the indentation of an entry: the whole file fails to parse
    writeFileSync(inv, good.replace(/\n    tier:/, '\n\ttier:'));
    const broken = await runCli(['check', '--root', root, '-f', 'compact']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/SECURITY\/invariants\.yaml:\d+:\d+: error .*\[parse\/syntax\]/);
    expect(broken.stdout).not.toMatch(/prunable|higher than what was found|--prune-suppressions/);
    const prune = await runCli(['check', '--root', root, '--prune-suppressions', '-f', 'compact']);
    expect(prune.code).toBe(2);
    expect(prune.stderr).toBe('specgate: --prune-suppressions refused: SECURITY/invariants.yaml does not parse, so the findings recorded for it cannot be judged; fix it first\n');
    expect(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8')).toBe(recorded);
    writeFileSync(inv, good);
    expect((await runCli(['check', '--root', root, '-f', 'compact'])).code).toBe(0);
  }, 120_000);

  it('one mistake, one finding: RFC 0211\'s wire schemas missing are their corpus/missing-file findings alone; suppressed, check is green', async () => {
    // Upstream's layout without a config (no rules turned off): the wire examples cannot be judged.
    const root = tempCopy(ANCHOR);
    const first = await runCli(['check', 'wire-examples', '--root', root, '--preset', 'openwop', '-f', 'compact']);
    expect(first.code).toBe(1);
    expect(first.stdout).not.toMatch(/visited nothing/);
    expect(first.stdout.match(/\[corpus\/missing-file\]/g)).toHaveLength(2);
    const r = await runCli(['check', '--root', root, '--preset', 'openwop', '--suppress-all', '-f', 'compact']);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).not.toMatch(/visited nothing/);
    const recorded = JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'));
    expect(Object.keys(recorded).filter((f) => f.startsWith('schemas/'))).toEqual(['schemas/v2/a2a-jsonrpc-error.schema.json', 'schemas/v2/google-rpc-status.schema.json']);
    const again = await runCli(['check', '--root', root, '--preset', 'openwop', '-f', 'compact']);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).not.toMatch(/: error /);
  }, 120_000);
});

describe('a guard withheld behind a baselined error', () => {
  const MAP = 'spec/v2/interop-map.json';
  const edit = (root: string, change: (map: any) => void) => {
    const p = path.join(root, MAP);
    const map = JSON.parse(readFileSync(p, 'utf8'));
    change(map);
    writeFileSync(p, JSON.stringify(map, null, 2));
  };

  it('a baselined schema error does not let a rule that then visits nothing pass (the guard fails the run, as before it was withheld)', async () => {
    const root = projectCorpusCopy();
    // Accepted debt: one schema error, recorded.
    edit(root, (m) => (m.legacyNote = 'kept'));
    expect((await check(root, 'interop-map', '--suppress-all')).code).toBe(0);
    // The change: every MCP feature gone, so the MCP profile rule checks nothing.
    edit(root, (m) => (m.mcp.features = []));
    const r = await check(root, 'interop-map');
    expect(r.findings.map((x) => [x.ruleId, x.severity])).toEqual([['interop-map/mcp-profile-pattern', 'error']]);
    expect(r.findings[0]!.message).toMatch(/visited nothing, so it cannot pass/);
    expect(r.code).toBe(1);
    // Recording never accepts it: a baselined "visited nothing" still fails the run (docs/commands/check.md).
    expect((await check(root, 'interop-map', '--suppress-all')).code).toBe(1);
    expect(JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'))[MAP]['interop-map/mcp-profile-pattern']).toBeUndefined();
    expect((await check(root, 'interop-map')).code).toBe(1);
  }, 60_000);

  it('across families: a broken a2a.errors withholds the wire examples\' guards; baselined, the guards fail the run', async () => {
    const root = projectCorpusCopy();
    edit(root, (m) => (m.a2a.errors = null));
    const families = ['interop-map', 'wire-examples'];
    const before = await check(root, ...families);
    expect(before.findings.map((x) => x.ruleId)).toEqual(['interop-map/errors-complete']);
    // Accepting the map's error as debt must not let the unjudged examples pass.
    expect((await check(root, ...families, '--suppress-rule', 'interop-map/errors-complete')).code).toBe(1);
    const after = await check(root, ...families);
    // every guard the hidden error held back comes back: the map's own and the wire examples'
    expect(after.findings.filter((x) => x.ruleId.startsWith('wire-examples/')).map((x) => x.ruleId)).toEqual(['wire-examples/negative-fails-as-labelled', 'wire-examples/positive-passes']);
    expect(after.findings.every((x) => /visited nothing|visited 0 named row/.test(x.message))).toBe(true);
    expect(after.code).toBe(1);
  }, 60_000);

  it('control: with the schema error not baselined, it alone is shown (one mistake, one finding)', async () => {
    const root = projectCorpusCopy();
    edit(root, (m) => {
      m.legacyNote = 'kept';
      m.mcp.features = [];
    });
    const r = await check(root, 'interop-map');
    expect(r.findings.map((x) => x.ruleId)).toEqual(['interop-map/schema']);
    expect(r.code).toBe(1);
  }, 60_000);
});
