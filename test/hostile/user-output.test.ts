import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI, runCli, tempDir } from '../helpers/env.js';
import { corpusRepo, gitOk } from '../gates/git-repo.js';
import { startModelHost } from '../probe/broken-host.js';

/*
 * Issue 35, point 2: every path a user names for writing is written by the one writer under the
 * rule of governed files. A pull request commits `report.txt -> ~/.bashrc`, `specgate.sarif ->
 * ~/.bashrc` (the README's and the Action's path) and `reports -> ~`: the report must never land
 * there. A refusal is one line, exit 2, and nothing is written.
 */

const HOME_TEXT = 'export PATH=$HOME/bin:$PATH\n';

/** A git repository holding the corpus, with committed links out of it into a temp "home". */
function hostileRepo(): { top: string; home: string } {
  const { top } = corpusRepo();
  const home = tempDir('specgate-home-');
  writeFileSync(path.join(home, 'bashrc'), HOME_TEXT);
  writeFileSync(path.join(home, 'suppressions.json'), '{}\n');
  mkdirSync(path.join(home, 'reports'));
  mkdirSync(path.join(home, 'captures'));
  mkdirSync(path.join(home, 'cache'));
  symlinkSync(path.join(home, 'bashrc'), path.join(top, 'report.txt'));
  symlinkSync(path.join(home, 'bashrc'), path.join(top, 'specgate.sarif'));
  symlinkSync(path.join(home, 'reports'), path.join(top, 'reports'));
  symlinkSync(path.join(home, 'captures'), path.join(top, 'captures'));
  symlinkSync(path.join(home, 'cache'), path.join(top, 'cache'));
  symlinkSync(path.join(home, 'suppressions.json'), path.join(top, 'baseline.json'));
  writeFileSync(path.join(top, 'capture.json'), '{}\n');
  gitOk(top, ['add', '-A']);
  gitOk(top, ['commit', '-q', '-m', 'links', '--no-verify']);
  return { top, home };
}

/** The home folder exactly as hostileRepo made it. */
function expectHomeUntouched(home: string): void {
  expect(readFileSync(path.join(home, 'bashrc'), 'utf8')).toBe(HOME_TEXT);
  expect(readFileSync(path.join(home, 'suppressions.json'), 'utf8')).toBe('{}\n');
  expect(readdirSync(path.join(home, 'reports'))).toEqual([]);
  expect(readdirSync(path.join(home, 'captures'))).toEqual([]);
  expect(readdirSync(path.join(home, 'cache'))).toEqual([]);
  expect(readdirSync(home).sort()).toEqual(['bashrc', 'cache', 'captures', 'reports', 'suppressions.json']);
}

function expectRefused(r: { code: number; stderr: string }, shown: string): void {
  expect(r.code, r.stderr).toBe(2);
  // errata prints its status lines first; the run ends with the refusal, and no stack.
  expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`specgate: cannot write ${shown}: ${shown.split('/')[0]} is a symlink inside the repository (a path is never written through a link the tree placed)`);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

let repo: { top: string; home: string };
beforeAll(() => {
  repo = hostileRepo();
});
// Each case starts from the home as made, so each fails on its own where the report leaks.
beforeEach(() => {
  writeFileSync(path.join(repo.home, 'bashrc'), HOME_TEXT);
  writeFileSync(path.join(repo.home, 'suppressions.json'), '{}\n');
  for (const dir of ['reports', 'captures', 'cache']) {
    rmSync(path.join(repo.home, dir), { recursive: true, force: true });
    mkdirSync(path.join(repo.home, dir));
  }
});
afterAll(() => expectHomeUntouched(repo.home));

describe('--output through a committed link is refused: one line, exit 2, nothing written', () => {
  it.each(['stylish', 'compact', 'json', 'sarif', 'github', 'junit', 'gitlab'])('check --format %s --output report.txt (a link to a home file)', async (format) => {
    const r = await runCli(['check', '--format', format, '--output', 'report.txt'], { cwd: repo.top });
    expectRefused(r, 'report.txt');
    expectHomeUntouched(repo.home);
  });

  it('check --format sarif --output specgate.sarif (the README\'s example, the Action\'s default)', async () => {
    expectRefused(await runCli(['check', '--format', 'sarif', '--output', 'specgate.sarif'], { cwd: repo.top }), 'specgate.sarif');
    expectHomeUntouched(repo.home);
  });

  it('--output reports/x through a committed linked folder', async () => {
    expectRefused(await runCli(['check', '--output', 'reports/x'], { cwd: repo.top }), 'reports/x');
    expectRefused(await runCli(['check', '--output', 'reports/new/deeper/x'], { cwd: repo.top }), 'reports/new/deeper/x');
    expectHomeUntouched(repo.home);
  });

  it.each([
    [['check', '--print-config']],
    [['wire', 'capture.json']],
    [['errata', 'check']],
    [['compat', '--base', 'HEAD']],
    [['list-rules']],
    [['list-rules', '--format', 'json']],
    [['list-rules', '--format', 'markdown']],
  ])('%j --output report.txt', async (args) => {
    expectRefused(await runCli([...args, '--output', 'report.txt'], { cwd: repo.top }), 'report.txt');
    expectRefused(await runCli([...args, '--output', 'reports/x.md'], { cwd: repo.top }), 'reports/x.md');
    expectHomeUntouched(repo.home);
  });

  it('--suppressions-location through a committed link to a home file', async () => {
    const r = await runCli(['check', '--suppressions-location', 'baseline.json', '--suppress-all'], { cwd: repo.top });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe('specgate: cannot write baseline.json: baseline.json is a symlink inside the repository (a path is never written through a link the tree placed)\n');
    expectHomeUntouched(repo.home);
  });

  it('--cache-location through a committed linked folder', async () => {
    const r = await runCli(['check', '--cache-location', 'cache'], { cwd: repo.top });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe('specgate: cannot write cache: cache is a symlink inside the repository (a path is never written through a link the tree placed)\n');
    expectHomeUntouched(repo.home);
  });

  it('probe --record through a committed linked folder', async () => {
    const host = await startModelHost();
    try {
      const r = await runCli(['probe', '--url', `${host.base}/.well-known/agent-card.json`, '--record', 'captures'], { cwd: repo.top });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe('specgate: cannot write captures: captures is a symlink inside the repository (a path is never written through a link the tree placed)\n');
    } finally {
      await host.close();
    }
    expectHomeUntouched(repo.home);
  });

  it('refused before the run writes anything: --suppress-all with --output through a link leaves no suppressions file', async () => {
    const r = await runCli(['check', '--suppress-all', '--output', 'report.txt'], { cwd: repo.top });
    expectRefused(r, 'report.txt');
    expect(existsSync(path.join(repo.top, 'specgate-suppressions.json'))).toBe(false);
    expectHomeUntouched(repo.home);
  });

  it('a replayed run (the result cache) walks its report path again: a link planted since is refused', () => {
    const { top } = corpusRepo();
    const home = tempDir('specgate-home-');
    writeFileSync(path.join(home, 'bashrc'), HOME_TEXT);
    const run = () => spawnSync(process.execPath, [CLI, 'check', '--output', 'out.txt'], { cwd: top, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const first = run();
    expect(first.status, first.stderr).toBe(1);
    const report = readFileSync(path.join(top, 'out.txt'), 'utf8');
    // clean control: the same run again writes the same report (replayed or not)
    unlinkSync(path.join(top, 'out.txt'));
    expect(run().status).toBe(1);
    expect(readFileSync(path.join(top, 'out.txt'), 'utf8')).toBe(report);
    unlinkSync(path.join(top, 'out.txt'));
    symlinkSync(path.join(home, 'bashrc'), path.join(top, 'out.txt'));
    const again = run();
    expect(again.status, again.stderr).toBe(2);
    expect(again.stderr).toMatch(/^specgate: cannot write out\.txt: out\.txt is a symlink inside the repository/);
    expect(readFileSync(path.join(home, 'bashrc'), 'utf8')).toBe(HOME_TEXT);
  });

  it('clean control: a new path in the repository and a path outside it that the user named are written', async () => {
    const out = tempDir('specgate-out-');
    const r = await runCli(['check', '--format', 'sarif', '--output', 'out/specgate.sarif'], { cwd: repo.top });
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(JSON.parse(readFileSync(path.join(repo.top, 'out/specgate.sarif'), 'utf8')).version).toBe('2.1.0');
    const outside = await runCli(['list-rules', '--output', path.join(out, 'rules.txt')], { cwd: repo.top });
    expect(outside.code, outside.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'rules.txt'), 'utf8')).toContain('corpus/unreadable-file');
  });
});
