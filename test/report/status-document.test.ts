import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installHook } from '../../scripts/hooks/install-hook.js';
import { describeShared, runCli, spawnCli } from '../helpers/env.js';
import { git, gitOk, headCommit } from '../gates/git-repo.js';
import { upstreamRepo } from './upstream-repo.js';

const DOC = 'docs/PROTOCOL-STATUS.md';
const CONFIG = { preset: 'openwop', layout: { statusDocument: { file: DOC } } };

/** A Draft RFC of the upstream set, moved to Active in its Status row. */
function promoteDraft(root: string): string {
  const rfc = 'RFCS/0034-otel-collector-test-seam.md';
  const file = path.join(root, rfc);
  const text = readFileSync(file, 'utf8');
  expect(text).toMatch(/\| \*\*Status\*\* *\| `Draft` /);
  writeFileSync(file, text.replace(/(\| \*\*Status\*\* *\| )`Draft`/, '$1`Active`'));
  return rfc;
}

describeShared("the status document on upstream's layout", () => {
  it('rfcs/status-document-current: missing, then written by --fix, then stale after a status change, and regenerated', async () => {
    const root = upstreamRepo({ config: CONFIG });
    const only = ['--rule', 'rfcs/status-document-current:error', '--format', 'json'];
    const findings = async () => JSON.parse((await runCli(['check', 'rfcs', '--root', root, ...only])).stdout).findings.filter((f: any) => f.ruleId === 'rfcs/status-document-current');
    let found = await findings();
    expect(found).toHaveLength(1);
    expect(found[0].message).toMatch(/does not exist/);
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    writeFileSync(path.join(root, DOC), '');
    expect((await findings())[0].message).toMatch(/regenerate it with "specgate check --fix"/);
    await runCli(['check', 'rfcs', '--root', root, '--fix', '--format', 'json']);
    const doc = readFileSync(path.join(root, DOC), 'utf8');
    const md = (await runCli(['report', '--root', root, '--format', 'markdown', '--output', path.join(root, 'docs', 'full.md')])).code;
    expect(md).toBe(0);
    // The document is the report's counts, statuses and RFC list, the same tables as `report --format markdown` written beside it.
    const full = readFileSync(path.join(root, 'docs', 'full.md'), 'utf8');
    for (const title of ['Corpus', 'RFCs by status', 'RFCs']) expect(doc).toContain(full.split(`## ${title}\n`)[1]!.split('\n## ')[0]!.trim());
    expect(doc).not.toContain('## Open questions');
    expect(await findings()).toEqual([]);
    promoteDraft(root);
    found = await findings();
    expect(found).toHaveLength(1);
    expect(found[0].message).toMatch(/line \d+: "\| Draft \| 8 \|" should read "\| Draft \| 7 \|"/);
    await runCli(['check', 'rfcs', '--root', root, '--fix', '--format', 'json']);
    expect(await findings()).toEqual([]);
    expect(readFileSync(path.join(root, DOC), 'utf8')).toContain('| Draft | 7 |');
  }, 120_000);

  it("the hook refuses a staged RFC status change until the document is regenerated, as upstream's hook does", async () => {
    // upstream's RFC 0211 carries no wire example this project's wire-examples family can pair
    // ("visited nothing": a guard no baseline records); that family is not what this test is about.
    const root = upstreamRepo({ config: { ...CONFIG, rules: { 'wire-examples/negative-fails-as-labelled': 'off', 'wire-examples/positive-passes': 'off' } } });
    mkdirSync(path.join(root, 'docs'), { recursive: true });
    writeFileSync(path.join(root, DOC), '');
    // What the repository already has wrong is recorded (a baseline), as an adopter starts.
    expect(spawnCli(['check', '--root', root, '--fix']).code).not.toBe(2);
    expect(spawnCli(['check', '--root', root, '--suppress-all']).code).toBe(0);
    gitOk(root, ['add', '-A']);
    gitOk(root, ['commit', '-q', '--no-verify', '-m', 'status document and baseline']);
    const installed = installHook({ packageRoot: root, env: {} });
    expect(installed.outcome).toBe('installed');

    const rfc = promoteDraft(root);
    gitOk(root, ['add', rfc]);
    const before = headCommit(root);
    const refused = git(root, ['commit', '-q', '-m', 'RFC 0034 to Active']);
    expect(refused.code).not.toBe(0);
    expect(headCommit(root)).toBe(before);
    expect(refused.stdout + refused.stderr).toMatch(/docs\/PROTOCOL-STATUS\.md.*rfcs\/status-document-current|rfcs\/status-document-current[\s\S]*PROTOCOL-STATUS/);
    expect(refused.stdout + refused.stderr).toMatch(/specgate check --fix/);

    // The working tree regenerated but not staged: the index still holds the stale document.
    expect(spawnCli(['check', 'rfcs', '--root', root, '--fix']).code).not.toBe(2);
    expect(git(root, ['commit', '-q', '-m', 'RFC 0034 to Active']).code).not.toBe(0);
    gitOk(root, ['add', DOC]);
    const ok = git(root, ['commit', '-q', '-m', 'RFC 0034 to Active']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(headCommit(root)).not.toBe(before);
    expect(gitOk(root, ['show', `HEAD:${DOC}`])).toContain('| Draft | 7 |');
  }, 180_000);
});

describe('rfcs/status-document-current without a status document in the config', () => {
  it('reports nothing on this repository', async () => {
    const r = await runCli(['check', 'rfcs', '--format', 'json']);
    expect(JSON.parse(r.stdout).findings.filter((f: any) => f.ruleId === 'rfcs/status-document-current')).toEqual([]);
  });
});
