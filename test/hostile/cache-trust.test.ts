import { randomBytes } from 'node:crypto';
import { chownSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameEntry, sha256 } from '../../scripts/core/cache-entry.js';
import { validatorKey } from '../../scripts/core/schema.js';
import { spawnCli, tempDir } from '../helpers/env.js';
import { corpusRepo, git, gitOk } from '../gates/git-repo.js';

/*
 * Issue 35, point 1: nothing a pull request can write is executed or trusted as a cache. Each
 * route below puts a forged entry where a run reads its cache, by a way a pull request reaches a
 * user's disk: a submodule at node_modules/.cache, a checkout git refuses (another owner), an
 * extracted tarball with a `.git` file, a patch applied with `git apply`, a folder inside the
 * repository but outside --root. The forged validator writes a marker file and passes any map;
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

function plant(cacheDir: string, entries: Map<string, Buffer>, only?: 'code' | 'result'): void {
  for (const [rel, bytes] of entries) {
    if (only === 'code' && !rel.endsWith('.cjs')) continue;
    if (only === 'result' && !rel.endsWith('.result.json')) continue;
    mkdirSync(path.dirname(path.join(cacheDir, rel)), { recursive: true });
    writeFileSync(path.join(cacheDir, rel), bytes);
  }
}

/** `check interop-map` as a user runs it: the default cache folder (the tree's node_modules/.cache/specgate), a cache home of its own. */
function check(cwd: string, extra: string[] = [], env: Record<string, string> = {}) {
  return spawnCli(['check', 'interop-map', ...extra], { cwd, env: { SPECGATE_CACHE_DIR: '', XDG_CACHE_HOME: tempDir('specgate-home-'), ...env } });
}

/** The run saw the broken map and ran none of the planted code. */
function expectIgnored(r: { code: number; stdout: string; stderr: string }, marker: string): void {
  expect(existsSync(marker), 'the planted validator ran').toBe(false);
  expect(r.code, r.stdout + r.stderr).toBe(1);
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
    const marker = path.join(tempDir(), 'PWNED');
    // The attacker's repository of entries, added as a submodule where the cache folder is.
    const entries = tempDir('specgate-entries-');
    plant(path.join(entries, 'specgate'), forgedEntries(root, marker));
    gitOk(entries, ['init', '-q', '-b', 'main']);
    gitOk(entries, ['add', '-A']);
    gitOk(entries, ['commit', '-qm', 'entries', '--no-verify']);
    expect(git(top, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', '-f', entries, 'node_modules/.cache']).code).toBe(0);
    gitOk(top, ['commit', '-qm', 'a submodule at node_modules/.cache', '--no-verify']);
    // The user's checkout of the pull request.
    const victim = path.join(tempDir('specgate-victim-'), 'repo');
    expect(git(tempDir(), ['-c', 'protocol.file.allow=always', 'clone', '-q', '--recurse-submodules', top, victim]).code).toBe(0);
    expect(existsSync(path.join(victim, 'node_modules/.cache/specgate/validators'))).toBe(true);
    expect(git(victim, ['ls-files', '-c', '-o', '--exclude-standard', '--directory', '--', 'node_modules/.cache/specgate']).stdout).toBe('');
    expectIgnored(check(victim), marker);
    // with the code alone (the result entry gone), and with the result alone
    rmSync(path.join(victim, 'node_modules/.cache/specgate/validators'), { recursive: true, force: true });
    plant(path.join(victim, 'node_modules/.cache/specgate'), forgedEntries(victim, marker), 'code');
    expectIgnored(check(victim), marker);
    rmSync(path.join(victim, 'node_modules/.cache/specgate/validators'), { recursive: true, force: true });
    plant(path.join(victim, 'node_modules/.cache/specgate'), forgedEntries(victim, marker), 'result');
    expectIgnored(check(victim), marker);
  }, 120_000);

  it.skipIf(process.getuid?.() !== 0)('a checkout owned by another user (git exits 128, "dubious ownership") with committed entries', () => {
    const { top, root } = brokenRepo();
    const marker = path.join(tempDir(), 'PWNED');
    mkdirSync(path.join(root, 'node_modules'));
    plant(path.join(root, 'node_modules/.cache/specgate'), forgedEntries(root, marker));
    gitOk(top, ['add', '-f', 'node_modules/.cache/specgate']);
    gitOk(top, ['commit', '-qm', 'committed entries', '--no-verify']);
    // Another owner (run as root): git refuses the repository.
    const chownAll = (dir: string): void => {
      chownSync(dir, 4242, 4242);
      if (lstatSync(dir).isDirectory()) for (const name of readdirSync(dir)) if (name !== 'dist') chownAll(path.join(dir, name));
    };
    chownAll(top);
    expect(git(root, ['ls-files']).code).toBe(128);
    expectIgnored(check(root), marker);
  }, 120_000);

  it('an extracted tarball with a .git file (git exits 128: its gitdir is nowhere)', () => {
    const { root } = brokenRepo();
    const tarball = tempDir('specgate-tarball-');
    cpSync(root, tarball, { recursive: true, verbatimSymlinks: true, filter: (p) => !p.endsWith(`${path.sep}.git`) });
    writeFileSync(path.join(tarball, '.git'), 'gitdir: ../gone/.git/modules/repo\n');
    const marker = path.join(tempDir(), 'PWNED');
    plant(path.join(tarball, 'node_modules/.cache/specgate'), forgedEntries(tarball, marker));
    expect(git(tarball, ['ls-files']).code).toBe(128);
    expectIgnored(check(tarball), marker);
    // and with a .git file naming a git folder the tarball carries, that says every folder was checked
    mkdirSync(path.join(tarball, '.fakegit'));
    writeFileSync(path.join(tarball, '.fakegit', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(path.join(tarball, '.fakegit', 'specgate-cache-verdict'), ['no-index', path.join(tarball, 'node_modules/.cache/specgate')].join('\0'));
    writeFileSync(path.join(tarball, '.git'), 'gitdir: .fakegit\n');
    expectIgnored(check(tarball), marker);
  }, 120_000);

  it('a pull request applied with `git apply` (its entries are new files git ignores)', () => {
    const { top, root } = corpusRepo();
    mkdirSync(path.join(root, 'scripts/checks/interop-map'), { recursive: true });
    // The pull request, made in a copy of the repository: the broken map and the entries, as a patch.
    const theirs = tempDir('specgate-fork-');
    cpSync(top, theirs, { recursive: true, verbatimSymlinks: true });
    breakMap(theirs);
    const marker = path.join(tempDir(), 'PWNED');
    plant(path.join(theirs, 'node_modules/.cache/specgate'), forgedEntries(theirs, marker));
    gitOk(theirs, ['add', '-A', '-f', MAP, 'node_modules/.cache/specgate']);
    const patch = path.join(tempDir(), 'pr.patch');
    writeFileSync(patch, gitOk(theirs, ['diff', '--cached', '--binary']) + '\n');
    gitOk(top, ['apply', patch]);
    expect(existsSync(path.join(root, 'node_modules/.cache/specgate/validators'))).toBe(true);
    expectIgnored(check(root), marker);
  }, 120_000);

  it('a cache folder inside the repository but outside --root (committed entries)', () => {
    const { top, root } = brokenRepo({ subdir: 'gov' });
    const marker = path.join(tempDir(), 'PWNED');
    mkdirSync(path.join(top, 'node_modules'));
    plant(path.join(top, 'node_modules/.cache/specgate'), forgedEntries(root, marker));
    gitOk(top, ['add', '-f', 'node_modules/.cache/specgate']);
    gitOk(top, ['commit', '-qm', 'committed entries above the governed root', '--no-verify']);
    expectIgnored(check(top, ['--root', 'gov', '--cache-location', 'node_modules/.cache/specgate']), marker);
  }, 120_000);
});
