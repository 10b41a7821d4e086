import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPRESSIONS_FILE } from '../../scripts/core/config/suppressions.js';
import { runCli, tempDir } from '../helpers/env.js';
import { gitOk } from '../gates/git-repo.js';

/*
 * The baseline file (specgate-suppressions.json) is a file of the tree, so a pull request can
 * commit it as a symlink: it is read and written like any file of the tree (inside the root, never
 * under .git/, never written through a symlink); only --suppressions-location may name a path outside.
 */

/** A git root with one RFC that has error findings (no header table), and a folder beside it. */
function repo(): { root: string; outside: string } {
  const base = tempDir('specgate-hostile-suppressions-');
  const root = path.join(base, 'repo');
  mkdirSync(path.join(root, 'RFCS'), { recursive: true });
  // One error a baseline may record (a bad Created date); an RFC with no header table would also
  // leave rules with nothing to visit, and a "visited nothing" is never baselined.
  const header = ['RFC', '0001', 'Title', 'T', 'Status', '`Draft`', 'Author(s)', 'A', 'Created', 'not-a-date', 'Updated', '2026-01-01', 'Affects', '—', 'Compatibility', '`additive`', 'Supersedes', '—', 'Superseded by', '—'];
  const rows = Array.from({ length: header.length / 2 }, (_, i) => `| **${header[2 * i]}** | ${header[2 * i + 1]} |`);
  writeFileSync(path.join(root, 'RFCS/0001-t.md'), ['# RFC 0001: T', '', '| Field | Value |', '| --- | --- |', ...rows, '', '## Summary', '', 'Hello.', ''].join('\n'));
  gitOk(root, ['init', '-q']);
  const outside = path.join(base, 'outside');
  mkdirSync(outside);
  return { root, outside };
}

const check = (root: string, ...args: string[]) => runCli(['check', 'rfcs', '--root', root, ...args], { env: { SPECGATE_TEST_SECRET: 'SECRETVALUEXYZ' } });

describe('the suppressions file is a file of the tree', () => {
  it('a committed symlink to .git/config or /proc/self/environ is refused unread: no byte of it is printed', async () => {
    const { root } = repo();
    writeFileSync(path.join(root, '.git/config'), '[remote "origin"]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n');
    for (const target of ['.git/config', '/proc/self/environ']) {
      symlinkSync(target, path.join(root, SUPPRESSIONS_FILE));
      const r = await check(root);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/specgate-suppressions\.json: resolves (to .*inside \.git\/|through a symlink to .*outside the repository root)/);
      expect(r.stdout + r.stderr).not.toMatch(/remote|extraheader|SECRETVALUEXYZ|PATH=|not valid JSON/);
      unlinkSync(path.join(root, SUPPRESSIONS_FILE));
    }
  });

  it('--suppress-all through a symlink to a file outside the root leaves that file untouched', async () => {
    const { root, outside } = repo();
    const victim = path.join(outside, 'victim.json');
    writeFileSync(victim, '{}\n');
    symlinkSync(victim, path.join(root, SUPPRESSIONS_FILE));
    const r = await check(root, '--suppress-all');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('outside the repository root');
    expect(readFileSync(victim, 'utf8')).toBe('{}\n');
  });

  it('a symlink to a file inside the root is read, but never written through', async () => {
    const { root } = repo();
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/baseline.json'), '{}\n');
    symlinkSync('docs/baseline.json', path.join(root, SUPPRESSIONS_FILE));
    expect((await check(root)).code).toBe(1);
    const r = await check(root, '--suppress-all');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write specgate-suppressions.json: specgate-suppressions.json is a symlink (never written through)');
    expect(readFileSync(path.join(root, 'docs/baseline.json'), 'utf8')).toBe('{}\n');
  });

  it('clean control: a regular file is written; --suppressions-location may name a file outside the root', async () => {
    const { root, outside } = repo();
    expect((await check(root, '--suppress-all')).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(root, SUPPRESSIONS_FILE), 'utf8'))).toHaveProperty(['RFCS/0001-t.md']);
    const elsewhere = path.join(outside, 'baseline.json');
    expect((await check(root, '--suppress-all', '--suppressions-location', elsewhere)).code).toBe(0);
    expect(JSON.parse(readFileSync(elsewhere, 'utf8'))).toHaveProperty(['RFCS/0001-t.md']);
    const dev = await check(root, '--suppressions-location', '/dev/zero', '--suppress-all');
    expect(dev.code).toBe(2);
    expect(dev.stderr).toContain('not a regular file');
  });
});
