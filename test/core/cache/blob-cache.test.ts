import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDir } from '../../helpers/env.js';
import { corpusRepo, gitOk } from '../../gates/git-repo.js';

/*
 * Issue 32 point 3: for staged content the git blob id is the key, so a blob kept in the cache
 * folder is never read from git. Counted from outside: a `git` on PATH that writes down every object
 * id specgate asks `cat-file` for, then runs the real git.
 */

const MAP = 'spec/v2/interop-map.json';

/** A `git` that logs the object ids of `cat-file --batch` (its stdin) and `cat-file blob OID`, one a line. */
function countingGit(): { bin: string; log: string } {
  const dir = tempDir('specgate-git-');
  const log = path.join(dir, 'blobs.log');
  const real = gitOk(dir, ['--exec-path']).replace(/\/[^/]*$/, '') ;
  const which = ['/usr/bin/git', '/usr/local/bin/git', path.join(real, 'bin/git')].find((p) => existsSync(p))!;
  const script = `#!/bin/sh
for last; do :; done
case " $* " in
  *" cat-file --batch "*) tee -a '${log}' | exec '${which}' "$@" ;;
  *" cat-file blob "*) echo "$last" >> '${log}'; exec '${which}' "$@" ;;
esac
exec '${which}' "$@"
`;
  mkdirSync(path.join(dir, 'bin'));
  writeFileSync(path.join(dir, 'bin/git'), script);
  chmodSync(path.join(dir, 'bin/git'), 0o755);
  writeFileSync(log, '');
  return { bin: path.join(dir, 'bin'), log };
}

/** Blobs asked of git since the last call (and the log emptied). */
function asked(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  writeFileSync(log, '');
  return lines;
}

/** The json report without timings (they differ run to run). */
function findings(stdout: string): unknown {
  return JSON.parse(stdout, (k, v) => (k === 'ms' ? undefined : v));
}

describe('the staged blob cache (keyed by git object id)', () => {
  it('a second --staged run reads from git only the blob that changed; findings are those of a run without the cache', () => {
    const { root } = corpusRepo();
    const counter = countingGit();
    const env = { PATH: `${counter.bin}:${process.env.PATH}`, SPECGATE_CACHE_DIR: tempDir('specgate-cache-'), XDG_CACHE_HOME: tempDir('specgate-home-') };
    const check = (...extra: string[]) => spawnCli(['check', '--staged', '-f', 'json', ...extra], { cwd: root, env });

    const first = check();
    // (The copied corpus lacks the tool's own scripts/, which some RFCs name: errors, the same each run.)
    expect(first.stderr).toBe('');
    const all = asked(counter.log);
    expect(all.length).toBeGreaterThan(10);

    const again = check();
    expect(again.code).toBe(first.code);
    expect(findings(again.stdout)).toEqual(findings(first.stdout));
    expect(asked(counter.log)).toEqual([]);

    // One staged change: the map gets a key its schema does not allow.
    const map = JSON.parse(readFileSync(path.join(root, MAP), 'utf8'));
    map.unexpectedKey = true;
    writeFileSync(path.join(root, MAP), `${JSON.stringify(map, null, 2)}\n`);
    gitOk(root, ['add', MAP]);
    const oid = gitOk(root, ['rev-parse', `:${MAP}`]);
    const changed = check();
    expect(changed.code).toBe(1);
    expect(changed.stderr).toBe('');
    expect(asked(counter.log)).toEqual([oid]);

    const uncached = check('--no-cache');
    expect(asked(counter.log).length).toBe(all.length);
    expect(findings(changed.stdout)).toEqual(findings(uncached.stdout));
    expect(changed.stdout).toMatch(/unexpectedKey/);
  });

  it('check --debug counts the blobs read from git and those kept', () => {
    const { root } = corpusRepo();
    const env = { SPECGATE_CACHE_DIR: tempDir('specgate-cache-'), XDG_CACHE_HOME: tempDir('specgate-home-') };
    const first = spawnCli(['check', '--staged', '--debug'], { cwd: root, env });
    const n = Number(/staged blobs: (\d+) read from git, 0 kept/.exec(first.stderr)?.[1]);
    expect(n).toBeGreaterThan(10);
    const second = spawnCli(['check', '--staged', '--debug'], { cwd: root, env });
    expect(second.stderr).toMatch(new RegExp(`staged blobs: 0 read from git, ${n} kept`));
    rmSync(env.SPECGATE_CACHE_DIR, { recursive: true, force: true });
  });

  it('blobs/ is bounded: past 1,024 entries the index no longer names, a run that writes a blob removes them and keeps the live ones', () => {
    const { root } = corpusRepo();
    const env = { SPECGATE_CACHE_DIR: tempDir('specgate-cache-'), XDG_CACHE_HOME: tempDir('specgate-home-') };
    const blobs = path.join(env.SPECGATE_CACHE_DIR, 'blobs');
    const check = () => spawnCli(['check', '--staged', '--debug'], { cwd: root, env });
    const n = Number(/staged blobs: (\d+) read from git/.exec(check().stderr)?.[1]);
    const kept = readdirSync(blobs).length; // n, less the files of the same content
    expect(kept).toBeGreaterThan(10);
    // The entries of many earlier commits (their content does not matter: they are no longer named).
    for (let i = 0; i < 1100; i++) writeFileSync(path.join(blobs, randomBytes(20).toString('hex')), 'old');
    writeFileSync(path.join(blobs, 'not-an-object-id'), 'left alone');
    // Nothing new staged: nothing written, nothing removed.
    expect(check().stderr).toMatch(new RegExp(`staged blobs: 0 read from git, ${n} kept`));
    expect(readdirSync(blobs)).toHaveLength(kept + 1101);
    // One staged change: the run writes its blob and drops the 1,100 stale entries.
    const map = JSON.parse(readFileSync(path.join(root, MAP), 'utf8'));
    map.unexpectedKey = true;
    writeFileSync(path.join(root, MAP), `${JSON.stringify(map, null, 2)}\n`);
    gitOk(root, ['add', MAP]);
    expect(check().stderr).toMatch(new RegExp(`staged blobs: 1 read from git, ${n - 1} kept`));
    const staged = new Set(gitOk(root, ['ls-files', '-s']).split('\n').map((line) => line.split(' ')[1]));
    const left = readdirSync(blobs);
    // The map's earlier blob is gone with the planted ones; its new blob and every other staged one stay.
    expect(left.filter((name) => !staged.has(name))).toEqual(['not-an-object-id']);
    expect(left.length).toBeGreaterThanOrEqual(kept);
    expect(check().stderr).toMatch(new RegExp(`staged blobs: 0 read from git, ${n} kept`));
    rmSync(env.SPECGATE_CACHE_DIR, { recursive: true, force: true });
  });
});
