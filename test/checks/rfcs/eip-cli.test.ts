import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { SHARED, describeShared, spawnCli, spawnJson, tempDir } from '../../helpers/env.js';
import type { JsonFinding } from '../../helpers/env.js';

/*
 * A repository with only EIPs (no interop map, no invariants) under its own process, as an adopter
 * meets it: a fresh git repository holding a copy of ../shared/anchors/eips/EIPS, a config that
 * extends the `eip` preset, and the built CLI in a child process. `check rfcs` names the family:
 * turning the families without inputs off by configuration is the adoption work of issue 34.
 */
const EIPS = path.join(SHARED, 'anchors/eips/EIPS');

/** A fresh git repository with the EIPs and a specgate.config.json of `config`. */
function repository(config: object): string {
  const root = tempDir();
  cpSync(EIPS, path.join(root, 'EIPS'), { recursive: true });
  writeFileSync(path.join(root, 'specgate.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

const byRule = (findings: JsonFinding[]) => findings.reduce<Record<string, number>>((n, f) => ({ ...n, [f.ruleId]: (n[f.ruleId] ?? 0) + 1 }), {});

describeShared('specgate check rfcs on a repository of EIPs ("extends": "specgate:eip")', () => {
  let root: string;
  let first: ReturnType<typeof spawnJson>;
  beforeAll(() => {
    root = repository({ extends: 'specgate:eip' });
    first = spawnJson(['check', 'rfcs', '--no-cache'], { cwd: root });
  }, 120_000);

  it('reports the preamble, section and citation defects, each citing EIP-1, and exits 1', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(1);
    expect(byRule(first.findings)).toEqual({ 'rfcs/header-table': 28, 'rfcs/required-sections': 26, 'rfcs/cited-rfc-exists': 39, 'rfcs/row-values': 4, 'rfcs/status-known': 1, 'rfcs/citation-linked': 12 });
    for (const f of first.findings) expect(f.rfc, f.message).toMatch(/^EIP-1 §/);
    const withdrawn = first.findings.find((f) => f.file === 'EIPS/eip-2711.md' && f.messageId === 'missingFieldWhen');
    expect(withdrawn?.message).toBe('preamble has no "withdrawal-reason" field, which is required when status is "Withdrawn" (EIP-1 §EIP Header Preamble)');
  });

  it('--preset eip gives the same findings as the config', () => {
    const bare = repository({});
    expect(spawnJson(['check', 'rfcs', '--no-cache', '--preset', 'eip'], { cwd: bare }).findings).toEqual(first.findings);
  });

  it("the repository's own process is configuration: a status added, a citation of its own document", () => {
    const own = repository({ extends: 'specgate:eip', process: { otherStatuses: ['Review', 'Last Call', 'Stagnant', 'Living', 'Moved'], citations: { 'rfcs/row-values': 'CONTRIBUTING.md §Titles' } } });
    const r = spawnJson(['check', 'rfcs', '--no-cache'], { cwd: own });
    expect(r.stderr).toBe('');
    expect(r.findings.filter((f) => f.ruleId === 'rfcs/status-known')).toEqual([]);
    expect(r.findings.filter((f) => f.ruleId === 'rfcs/row-values').map((f) => f.rfc)).toEqual(Array(4).fill('CONTRIBUTING.md §Titles'));
  });

  it('a loosely written preamble date is found at its line and fixed in place (--fix)', () => {
    const file = path.join(root, 'EIPS/eip-2718.md');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before.replace('created: 2020-06-13', 'created: 2020-6-13'));
    const r = spawnJson(['check', 'rfcs', '--no-cache'], { cwd: root });
    const date = r.findings.filter((f) => f.ruleId === 'rfcs/dates-valid');
    expect(date.map((f) => [f.file, f.line, f.column, f.message])).toEqual([['EIPS/eip-2718.md', 10, 10, 'created "2020-6-13" is not a YYYY-MM-DD calendar date (EIP-1 §EIP Header Preamble (dates in yyyy-mm-dd))']]);
    spawnCli(['check', 'rfcs', '--no-cache', '--fix'], { cwd: root });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a preamble that is not YAML is one located finding, not a crash', () => {
    const file = path.join(root, 'EIPS/eip-2930.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Optional access lists', 'title: Optional: access lists'));
    const r = spawnJson(['check', 'rfcs', '--no-cache'], { cwd: root });
    expect(r.stderr).toBe('');
    expect(r.findings.filter((f) => f.file === 'EIPS/eip-2930.md' && f.ruleId === 'rfcs/header-table').map((f) => [f.line, f.messageId])).toEqual([[3, 'preambleYaml']]);
  });

  it('init in a repository of EIPs proposes the eip preset (its RFC folder counts)', () => {
    const bare = repository({});
    const r = spawnCli(['init', '--force'], { cwd: bare });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/laid out like the "eip" preset/);
    expect(JSON.parse(readFileSync(path.join(bare, 'specgate.config.json'), 'utf8')).preset).toBe('eip');
  });
});
