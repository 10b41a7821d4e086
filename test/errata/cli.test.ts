import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runJson, spawnJson, tempDir } from '../helpers/env.js';
import { CASES, caseRoot } from './helpers.js';

describe('specgate errata (CLI)', () => {
  it('apply --dry-run prints a unified diff that git apply turns into output.md, and writes nothing', async () => {
    for (const name of ['crlf', 'no-final-newline', 'append-list-item', 'tabs-table-padding']) {
      const { root, target } = caseRoot(name);
      const before = readFileSync(path.join(root, target));
      const r = await runCli(['errata', 'apply', '--dry-run', '--root', root]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('would apply');
      expect(r.stdout).toContain(`--- a/${target}\n+++ b/${target}\n@@ `);
      expect(readFileSync(path.join(root, target)).equals(before)).toBe(true);

      const patchDir = tempDir('specgate-patch-');
      cpSync(path.join(root, target), path.join(patchDir, target), { recursive: true });
      const diff = r.stdout.slice(r.stdout.indexOf('--- a/'), r.stdout.indexOf('\n\n✔') + 1);
      const applied = spawnSync('git', ['apply', '--unsafe-paths', '-'], { cwd: patchDir, input: diff, encoding: 'utf8' });
      expect(applied.status, `${name}: ${applied.stderr}`).toBe(0);
      expect(readFileSync(path.join(patchDir, target)).equals(readFileSync(path.join(CASES, name, 'output.md'))), name).toBe(true);
    }
  }, 240_000);

  it('apply writes, a second apply says "already applied" for each edit, and check turns green', async () => {
    const { root, target } = caseRoot('crlf');
    const check1 = await runJson(['errata', 'check', '--root', root]);
    expect(check1.code).toBe(1);
    expect(check1.findings.map((f) => [f.ruleId, f.messageId, f.file, f.line])).toEqual([
      ['errata/not-applied', 'replacePending', 'RFCS/0999-errata-case.md', 9],
      ['errata/not-applied', 'appendPending', 'RFCS/0999-errata-case.md', 10],
    ]);

    const first = await runCli(['errata', 'apply', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/doc\.md §B {2}applied: replaces the old text at doc\.md:5/);
    expect(first.stderr).toContain('wrote 1 file(s)');
    const afterFirst = readFileSync(path.join(root, target));

    const second = await runCli(['errata', 'apply', '--root', root]);
    expect(second.code).toBe(0);
    expect(second.stderr.match(/already applied/g)).toHaveLength(2);
    expect(second.stderr).toContain('nothing to change');
    expect(readFileSync(path.join(root, target)).equals(afterFirst)).toBe(true);

    const check2 = await runJson(['errata', 'check', '--root', root]);
    expect(check2.code).toBe(0);
    expect(check2.findings).toEqual([]);
  }, 240_000);

  it('--preset openwop cites "specgate\'s RFC 0001 §E" (upstream\'s RFC 0001 has no errata section) in the message and SARIF help; specgate cites §E', async () => {
    const { root } = caseRoot('crlf');
    const up = await runJson(['errata', 'check', '--root', root, '--preset', 'openwop']);
    expect(up.findings.map((f) => [f.ruleId, f.rfc, f.message.endsWith("(specgate's RFC 0001 §E)")])).toEqual(Array(2).fill(['errata/not-applied', "specgate's RFC 0001 §E", true]));
    const own = await runJson(['errata', 'check', '--root', root]);
    expect(own.findings.map((f) => [f.rfc, f.message.endsWith(' (RFC 0001 §E)')])).toEqual(Array(2).fill(['RFC 0001 §E', true]));
    const sarif = JSON.parse((await runCli(['errata', 'check', '--root', root, '--preset', 'openwop', '--format', 'sarif'])).stdout);
    const rule = sarif.runs[0].tool.driver.rules.find((x: any) => x.id === 'errata/not-applied');
    expect(rule.help.text).toContain("This rule enforces specgate's RFC 0001 §E;");
  }, 240_000);

  it('a refusal exits 1, names the erratum at its line, and leaves every file alone (the built binary, end to end)', async () => {
    const { root, target } = caseRoot('refuse-text-drift');
    const r = spawnJson(['errata', 'apply', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([expect.objectContaining({ ruleId: 'errata/text-drift', messageId: 'refused', file: 'RFCS/0999-errata-case.md', line: 9 })]);
    expect((JSON.parse(r.stdout) as { written: string[] }).written).toEqual([]);
    expect(readFileSync(path.join(root, target)).equals(readFileSync(path.join(CASES, 'refuse-text-drift/input.md')))).toBe(true);
  }, 240_000);

  it('check --staged judges the git index, not the working tree', async () => {
    const { root } = caseRoot('crlf');
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: root, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'pre-errata');
    expect((await runCli(['errata', 'apply', '--root', root])).code).toBe(0);
    expect((await runCli(['errata', 'check', '--root', root])).code).toBe(0);
    const staged = await runJson(['errata', 'check', '--staged', '--root', root]);
    expect(staged.code).toBe(1);
    expect(staged.findings.map((f) => f.ruleId)).toEqual(['errata/not-applied', 'errata/not-applied']);
    git('add', '-A');
    expect((await runCli(['errata', 'check', '--staged', '--root', root])).code).toBe(0);
  }, 240_000);

  it.each([
    [['errata'], /errata expects "apply" or "check"/],
    [['errata', 'fix'], /got "fix"$/],
    [['errata', 'chek'], /got "chek"; did you mean "check"\?$/],
    [['errata', 'check', '--dry-run'], /--dry-run belongs to "errata apply"/],
    [['errata', 'apply', '--staged'], /--staged reads the git index/],
    [['errata', 'apply', '--rfc', 'abc'], /--rfc expects an RFC number/],
    [['errata', 'apply', '--rfc', '0998'], /no RFC 0998 in RFCS\//],
    [['errata', 'apply', '--bogus'], /unknown option "--bogus"/],
  ])('usage error %j: one line, exit 2', async (args, message) => {
    const { root } = caseRoot('crlf');
    const r = await runCli([...args, '--root', root]);
    expect(r.code).toBe(2);
    // One line of its own; a mistake in how the command was called is followed by a pointer to its usage.
    const [line, pointer, ...rest] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(message);
    // …followed by where its usage is, never the usage itself.
    if (pointer !== undefined) expect(pointer).toBe('run "specgate errata --help" for its usage');
    expect(rest).toEqual([]);
  });
});
