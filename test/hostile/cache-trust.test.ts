import { randomBytes } from 'node:crypto';
import { chownSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameEntry, sha256 } from '../../scripts/core/replay/cache-entry.js';
import { validatorKey } from '../../scripts/core/engine/schema.js';
import { spawnCli, tempDir } from '../helpers/env.js';
import { corpusRepo, git, gitOk } from '../gates/git-repo.js';

/*
 * Issue 35, point 1: nothing a pull request can write is executed or trusted as a cache. Each
 * route below puts a forged entry where a run reads its cache, by a way a pull request reaches a
 * user's disk: a submodule at node_modules/.cache, a checkout git refuses (another owner), an
 * extracted tarball with a `.git` file, a patch applied with `git apply`, git absent, a folder
 * inside the repository but outside --root. The forged validator writes a marker file and passes any map;
 * the forged result says "no errors". The attacker knows the code, the keys (content hashes) and
 * the framing (`frameEntry`, called with a secret of its own: it cannot read the user's). The run
 * must ignore every one: the broken map still fails, and the marker is not written.
 */

const SCHEMA = 'spec/v2/interop-map.schema.json';
const MAP = 'spec/v2/interop-map.json';

/** Breaks the map of the corpus at `root` the schema's way (an unknown top-level key). */
function breakMap(root: string): void {
  const map = JSON.parse(readFileSync(path.join(root, MAP), 'utf8'));
  map.unexpectedKey = true;
  writeFileSync(path.join(root, MAP), `${JSON.stringify(map, null, 2)}\n`);
}

/** The forged entries for the corpus at `root`, by path under the cache folder, as the attacker frames them. */
function forgedEntries(root: string, marker: string): Map<string, Buffer> {
  const attacker = randomBytes(32); // not the user's secret: the attacker cannot read it
  const schemaText = readFileSync(path.join(root, SCHEMA), 'utf8');
  const key = validatorKey(schemaText);
  const code = `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = function validate() { validate.errors = null; return true; };\n`;
  // The result a run keeps for (schema, map text): none, so the broken map would pass unvalidated.
  const resultKey = sha256(['specgate-result 1', key, 'JSON.parse', readFileSync(path.join(root, MAP), 'utf8')].join('\0'));
  return new Map([
    [`validators/${key}.cjs`, frameEntry('validators', `${key}.cjs`, Buffer.from(code), attacker)],
    [`validators/${resultKey}.result.json`, frameEntry('validators', `${resultKey}.result.json`, Buffer.from('[]'), attacker)],
  ]);
}

function plant(cacheDir: string, entries: Map<string, Buffer>, only: 'code' | 'result'): void {
  for (const [rel, bytes] of entries) {
    if (rel.endsWith(only === 'code' ? '.result.json' : '.cjs')) continue;
    mkdirSync(path.dirname(path.join(cacheDir, rel)), { recursive: true });
    writeFileSync(path.join(cacheDir, rel), bytes);
  }
}

/**
 * Plants the forged validator (code) and checks the run; then the forged result alone (no code:
 * a run that trusts it never loads the validator), and checks again. `setUp` puts the entries
 * where the route puts them (committing them, say); `run` is the user's run.
 */
function expectBothIgnored(cacheDir: string, keysFrom: string, setUp: (only: 'code' | 'result') => void, run: () => ReturnType<typeof check>): void {
  for (const only of ['code', 'result'] as const) {
    const marker = path.join(tempDir(), 'PWNED');
    rmSync(path.join(cacheDir, 'validators'), { recursive: true, force: true });
    plant(cacheDir, forgedEntries(keysFrom, marker), only);
    setUp(only);
    expectIgnored(run(), marker, only);
  }
}

/** `check interop-map` as a user runs it: the default cache folder (the tree's node_modules/.cache/specgate), a cache home of its own. */
function check(cwd: string, extra: string[] = [], env: Record<string, string> = {}) {
  return spawnCli(['check', 'interop-map', ...extra], { cwd, env: { SPECGATE_CACHE_DIR: '', XDG_CACHE_HOME: tempDir('specgate-home-'), ...env } });
}

/** The run saw the broken map and ran none of the planted code. */
function expectIgnored(r: { code: number; stdout: string; stderr: string }, marker: string, what: string): void {
  expect(existsSync(marker), `${what}: the planted validator ran`).toBe(false);
  expect(r.code, `${what}: ${r.stdout}${r.stderr}`).toBe(1);
  expect(r.stdout).toMatch(/unexpectedKey/);
}

/** A corpus repository whose map is broken in a commit (a pull request's head). */
function brokenRepo(opts: { subdir?: string } = {}): { top: string; root: string } {
  const repo = corpusRepo(opts);
  // The one folder the corpus's RFCs name that a copy of it lacks: the corpus is then clean but for the map.
  mkdirSync(path.join(repo.root, 'scripts/checks/interop-map'), { recursive: true });
  breakMap(repo.root);
  gitOk(repo.top, ['commit', '-qam', 'a pull request breaks the map', '--no-verify']);
  return repo;
}

describe('hostile: a planted cache entry is never run nor trusted (issue 35, point 1)', () => {
  it('a submodule at node_modules/.cache (cloned with --recurse-submodules: git lists nothing in it)', () => {
    const { top, root } = brokenRepo();
    const base = gitOk(top, ['rev-parse', 'HEAD']);
    // The attacker's repository of entries, added as a submodule where the cache folder is.
    const entries = tempDir('specgate-entries-');
    gitOk(entries, ['init', '-q', '-b', 'main']);
    const victim = path.join(tempDir('specgate-victim-'), 'repo');
    expectBothIgnored(
      path.join(entries, 'specgate'),
      root,
      (only) => {
        gitOk(entries, ['add', '-A']);
        gitOk(entries, ['commit', '-qm', `entries: ${only}`, '--no-verify']);
        gitOk(top, ['reset', '-q', '--hard', base]);
        rmSync(path.join(top, '.git', 'modules'), { recursive: true, force: true });
        rmSync(path.join(top, 'node_modules'), { recursive: true, force: true });
        expect(git(top, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', '-f', entries, 'node_modules/.cache']).code).toBe(0);
        gitOk(top, ['commit', '-qm', 'a submodule at node_modules/.cache', '--no-verify']);
        // The user's checkout of the pull request.
        rmSync(victim, { recursive: true, force: true });
        expect(git(tempDir(), ['-c', 'protocol.file.allow=always', 'clone', '-q', '--recurse-submodules', top, victim]).code).toBe(0);
        expect(existsSync(path.join(victim, 'node_modules/.cache/specgate/validators'))).toBe(true);
        expect(git(victim, ['ls-files', '-c', '-o', '--exclude-standard', '--directory', '--', 'node_modules/.cache/specgate']).stdout).toBe('');
      },
      () => check(victim),
    );
  }, 120_000);

  it.skipIf(process.getuid?.() !== 0)('a checkout owned by another user (git exits 128, "dubious ownership") with committed entries', () => {
    const { top, root } = brokenRepo();
    const cacheDir = path.join(root, 'node_modules/.cache/specgate');
    // Another owner (run as root): git refuses the repository.
    const chownAll = (dir: string, uid: number): void => {
      chownSync(dir, uid, uid);
      if (lstatSync(dir).isDirectory()) for (const name of readdirSync(dir)) if (name !== 'dist') chownAll(path.join(dir, name), uid);
    };
    expectBothIgnored(
      cacheDir,
      root,
      (only) => {
        chownAll(top, 0);
        gitOk(top, ['add', '-A', '-f', 'node_modules/.cache/specgate']);
        gitOk(top, ['commit', '-qm', `committed entries: ${only}`, '--no-verify']);
        chownAll(top, 4242);
        expect(git(root, ['ls-files']).code).toBe(128);
      },
      () => check(root),
    );
  }, 120_000);

  it('an extracted tarball with a .git file (git exits 128: its gitdir is nowhere; or a git folder it carries)', () => {
    const { root } = brokenRepo();
    const tarball = tempDir('specgate-tarball-');
    cpSync(root, tarball, { recursive: true, verbatimSymlinks: true, filter: (p) => !p.endsWith(`${path.sep}.git`) });
    const cacheDir = path.join(tarball, 'node_modules/.cache/specgate');
    writeFileSync(path.join(tarball, '.git'), 'gitdir: ../gone/.git/modules/repo\n');
    expect(git(tarball, ['ls-files']).code).toBe(128);
    expectBothIgnored(cacheDir, tarball, () => undefined, () => check(tarball));
    // A .git file naming a git folder the tarball carries, which says the folder was checked.
    mkdirSync(path.join(tarball, '.fakegit'));
    writeFileSync(path.join(tarball, '.fakegit', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(tarball, '.fakegit', 'specgate-cache-verdict'), ['no-index', cacheDir].join('\0'));
    writeFileSync(path.join(tarball, '.git'), 'gitdir: .fakegit\n');
    expectBothIgnored(cacheDir, tarball, () => undefined, () => check(tarball));
  }, 120_000);

  it('a pull request applied with `git apply` (its entries are new files git ignores)', () => {
    const { top, root } = corpusRepo();
    mkdirSync(path.join(root, 'scripts/checks/interop-map'), { recursive: true });
    const base = gitOk(top, ['rev-parse', 'HEAD']);
    // The pull request, made in a copy of the repository: the broken map and the entries, as a patch.
    const theirs = tempDir('specgate-fork-');
    cpSync(top, theirs, { recursive: true, verbatimSymlinks: true });
    breakMap(theirs);
    expectBothIgnored(
      path.join(theirs, 'node_modules/.cache/specgate'),
      theirs,
      () => {
        gitOk(theirs, ['add', '-A', '-f', MAP, 'node_modules/.cache/specgate']);
        const patch = path.join(tempDir(), 'pr.patch');
        writeFileSync(patch, `${gitOk(theirs, ['diff', '--cached', '--binary'])}\n`);
        gitOk(theirs, ['reset', '-q']);
        gitOk(top, ['reset', '-q', '--hard', base]);
        rmSync(path.join(top, 'node_modules'), { recursive: true, force: true });
        gitOk(top, ['apply', patch]);
        expect(existsSync(path.join(root, 'node_modules/.cache/specgate/validators'))).toBe(true);
      },
      () => check(root),
    );
  }, 120_000);

  it('git absent (not on PATH): committed entries in a git checkout', () => {
    const { top, root } = brokenRepo();
    const noGit = tempDir('specgate-nogit-'); // a PATH with no git in it
    expectBothIgnored(
      path.join(root, 'node_modules/.cache/specgate'),
      root,
      (only) => {
        gitOk(top, ['add', '-A', '-f', 'node_modules/.cache/specgate']);
        gitOk(top, ['commit', '-qm', `committed entries: ${only}`, '--no-verify']);
      },
      () => check(root, [], { PATH: noGit }),
    );
  }, 120_000);

  it('a cache folder inside the repository but outside --root (committed entries)', () => {
    const { top, root } = brokenRepo({ subdir: 'gov' });
    expectBothIgnored(
      path.join(top, 'node_modules/.cache/specgate'),
      root,
      (only) => {
        gitOk(top, ['add', '-A', '-f', 'node_modules/.cache/specgate']);
        gitOk(top, ['commit', '-qm', `committed entries above the governed root: ${only}`, '--no-verify']);
      },
      () => check(top, ['--root', 'gov', '--cache-location', 'node_modules/.cache/specgate']),
    );
  }, 120_000);

  it('a planted entry for a staged blob id (the text a clean map would have, framed with the attacker\'s secret) is a miss: the blob is read from git', () => {
    const { root } = brokenRepo();
    const cacheDir = tempDir('specgate-cache-');
    // The broken map's blob id, and the entry a run would keep for it, holding a clean map instead.
    const oid = gitOk(root, ['rev-parse', `:${MAP}`]);
    const clean = JSON.parse(readFileSync(path.join(root, MAP), 'utf8'));
    delete clean.unexpectedKey;
    mkdirSync(path.join(cacheDir, 'blobs'), { recursive: true });
    writeFileSync(path.join(cacheDir, 'blobs', oid), frameEntry('blobs', oid, Buffer.from(`${JSON.stringify(clean, null, 2)}\n`), randomBytes(32)));
    const r = check(root, ['--staged'], { SPECGATE_CACHE_DIR: cacheDir });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/unexpectedKey/);
  });
});
