// The pre-commit tier: the real `pre-commit` tool (Debian package) on a temp adopter repository
// whose .pre-commit-config.yaml names a local clone holding this repository's .pre-commit-hooks.yaml
// and the package as published (npm pack of the build). A commit of a broken map is refused; a
// commit of an unrelated file is not (pre-commit skips the hook: no governed file is staged).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { PROJECT, projectCorpusCopy, tempDir, CLI } from '../helpers/env.js';
import { describeWithTool, preCommitAvailable } from '../helpers/tools.js';

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@example.invalid',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@example.invalid',
};

// pre-commit's own cache (the hook's node environment) in a temp folder of this file: nothing outlives the run.
let preCommitHome = '';

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV, NO_COLOR: '1', CI: '', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', PRE_COMMIT_HOME: preCommitHome, ...env } });
  return { code: r.status ?? -1, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

describeWithTool('pre-commit', preCommitAvailable, 'the pre-commit framework manifest (.pre-commit-hooks.yaml) with the real pre-commit', () => {
  let adopter = '';
  let repo = '';
  const commit = (msg: string) => run('git', ['commit', '-qm', msg], adopter);

  beforeAll(async () => {
    preCommitHome = tempDir('specgate-pre-commit-home-');
    // The clone users point at: this repository's files as `git clone` gives them (tracked, and new
    // files not ignored), package.json untouched: pre-commit runs `npm install` (which runs
    // `prepare`: the build) and reads `npm pack`'s stdout as the tarball's name.
    const clone = tempDir('specgate-pre-commit-clone-');
    const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], PROJECT).out.split('\0').filter(Boolean);
    for (const rel of listed) {
      if (!existsSync(path.join(PROJECT, rel))) continue; // deleted in the work tree
      mkdirSync(path.dirname(path.join(clone, rel)), { recursive: true });
      cpSync(path.join(PROJECT, rel), path.join(clone, rel));
    }
    expect(readFileSync(path.join(clone, 'package.json'), 'utf8')).toBe(readFileSync(path.join(PROJECT, 'package.json'), 'utf8'));
    run('git', ['init', '-q', '-b', 'main'], clone);
    run('git', ['add', '-A'], clone);
    expect(run('git', ['commit', '-qm', 'release'], clone).code).toBe(0);
    const rev = run('git', ['rev-parse', 'HEAD'], clone).out.trim();
    repo = clone;

    adopter = projectCorpusCopy();
    run('git', ['init', '-q', '-b', 'main'], adopter);
    // The adopter's known findings, recorded (this corpus names paths of specgate's code, absent here).
    expect(run(process.execPath, [CLI, 'check', '--suppress-all'], adopter).code).toBe(0);
    writeFileSync(path.join(adopter, '.pre-commit-config.yaml'), `repos:\n  - repo: ${clone}\n    rev: ${rev}\n    hooks:\n      - id: specgate\n`);
    run('git', ['add', '-A'], adopter);
    expect(commit('corpus').code).toBe(0);
    const installed = run('pre-commit', ['install'], adopter);
    expect(installed.code, installed.out).toBe(0);
  }, 600_000);

  it('`pre-commit try-repo` on the clone installs the hook (npm install, npm pack, npm install -g) and runs it', () => {
    const map = path.join(adopter, 'spec/v2/interop-map.json');
    const text = readFileSync(map, 'utf8');
    writeFileSync(map, text.replace('"TASK_NOT_FOUND"', '"TaskNotFound"'));
    run('git', ['add', 'spec/v2/interop-map.json'], adopter);
    const r = run('pre-commit', ['try-repo', repo, 'specgate'], adopter);
    expect(r.out).toMatch(/specgate \(spec gate on the staged content\)\.+Failed/);
    expect(r.out).toMatch(/interop-map\/reason-upper-snake/);
    expect(r.code).toBe(1);
    writeFileSync(map, text);
    run('git', ['add', 'spec/v2/interop-map.json'], adopter);
    const clean = run('pre-commit', ['try-repo', repo, 'specgate', '--all-files'], adopter);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toMatch(/specgate \(spec gate on the staged content\)\.+Passed/);
  }, 600_000);

  it('a commit of an unrelated file is not refused (the hook is skipped)', () => {
    mkdirSync(path.join(adopter, 'notes'), { recursive: true });
    writeFileSync(path.join(adopter, 'notes/NOTES.txt'), 'not governed\n');
    run('git', ['add', 'notes/NOTES.txt'], adopter);
    const r = commit('notes');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/specgate \(spec gate on the staged content\)\.+\(no files to check\)Skipped/);
  }, 300_000);

  it('a commit of a broken map is refused, naming the file and the rule', () => {
    const map = path.join(adopter, 'spec/v2/interop-map.json');
    writeFileSync(map, readFileSync(map, 'utf8').replace(/^\{/, '{ not JSON'));
    run('git', ['add', 'spec/v2/interop-map.json'], adopter);
    const before = run('git', ['rev-parse', 'HEAD'], adopter).out;
    const r = commit('broken map');
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/specgate \(spec gate on the staged content\)\.+Failed/);
    expect(r.out).toMatch(/spec\/v2\/interop-map\.json/);
    expect(r.out).toMatch(/parse\/syntax/);
    expect(run('git', ['rev-parse', 'HEAD'], adopter).out).toBe(before);
  }, 120_000);
});
