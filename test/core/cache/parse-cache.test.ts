import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { asciiJson, openParseCache, parseCacheDir, parseCacheKey } from '../../../scripts/core/cache/parse-cache.js';
import { PROJECT, tempDir } from '../../helpers/env.js';

// tempDir() folders are removed when the file ends (test/helpers/temp-dirs.ts).
const tmp = tempDir;

/**
 * Stores one entry with the built openParseCache in a child process, so a mkdir that never returns
 * fails the test (killed at the timeout) instead of hanging the run. Answers what the child printed.
 */
function setInChild(dir: string): { status: number | null; stdout: string; stderr: string } {
  const module = pathToFileURL(path.join(PROJECT, 'dist/scripts/core/cache/parse-cache.js')).href;
  const script = `const { openParseCache } = await import(${JSON.stringify(module)});
const cache = openParseCache(${JSON.stringify(tmp())}, ${JSON.stringify(dir)});
cache.set('k', { a: 1 });
process.stdout.write(JSON.stringify(cache.get('k') ?? null));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('parse cache', () => {
  it('gives back what was stored under a key', () => {
    const dir = path.join(tmp(), 'cache');
    const cache = openParseCache(tmp(), dir);
    const key = parseCacheKey('v1', '# text');
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, { sections: [{ id: 'A' }] });
    expect(cache.get(key)).toEqual({ sections: [{ id: 'A' }] });
    expect(readdirSync(dir)).toEqual([`${key}.json`]);
  });

  it('stores its JSON as ASCII (decoded on the fast path), and gives back the same text: § and dashes, emoji, a lone surrogate, controls', () => {
    const dir = path.join(tmp(), 'cache');
    const cache = openParseCache(tmp(), dir);
    const value = { title: '§C — Promotion to “Accepted”', emoji: 'ok 🙂', lone: 'a\ud800b', controls: '\u0000\u001f\u007f\u0085\u2028', keys: { 'é§': 1 } };
    expect(JSON.parse(asciiJson(value))).toEqual(value);
    const key = parseCacheKey('v1', 'text');
    cache.set(key, value);
    expect(cache.get(key)).toEqual(value);
    const body = readFileSync(path.join(dir, `${key}.json`));
    expect(body.subarray(body.indexOf(10) + 1).every((b) => b < 0x80)).toBe(true);
  });

  it('keys by content and reader fingerprint, with a SHA-256', () => {
    expect(parseCacheKey('v1', 'a')).toMatch(/^[0-9a-f]{64}$/);
    expect(parseCacheKey('v1', 'a')).toBe(parseCacheKey('v1', 'a'));
    expect(parseCacheKey('v1', 'a')).not.toBe(parseCacheKey('v1', 'b'));
    expect(parseCacheKey('v1', 'a')).not.toBe(parseCacheKey('v2', 'a'));
  });

  it('skips writing silently when the folder cannot be made', () => {
    const file = path.join(tmp(), 'not-a-folder');
    writeFileSync(file, 'x');
    const cache = openParseCache(tmp(), path.join(file, 'cache'));
    expect(() => cache.set('k', { a: 1 })).not.toThrow();
    expect(cache.get('k')).toBeUndefined();
  });

  it('makes a folder several levels deep', () => {
    const dir = path.join(tmp(), 'a', 'b', 'c');
    openParseCache(tmp(), dir).set('k', { a: 1 });
    expect(readdirSync(dir)).toEqual(['k.json']);
  });

  // Node 20's recursive mkdir loops forever there (mkdir answers ENOENT under an existing parent).
  it.skipIf(process.platform !== 'linux')('skips a folder under /proc or /sys without hanging', () => {
    for (const dir of ['/proc/specgate-nope/parsed', '/sys/specgate-nope']) {
      expect(setInChild(dir), dir).toEqual({ status: 0, stdout: 'null', stderr: '' });
    }
    expect(setInChild(path.join(tmp(), 'x', 'y'))).toEqual({ status: 0, stdout: '{"a":1}', stderr: '' });
  });

  // root may write anywhere, so the folder is read-only only for other users.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('skips a read-only folder', () => {
    const ro = tmp();
    chmodSync(ro, 0o555);
    try {
      const cache = openParseCache(tmp(), path.join(ro, 'a', 'b'));
      expect(() => cache.set('k', { a: 1 })).not.toThrow();
      expect(cache.get('k')).toBeUndefined();
      expect(readdirSync(ro)).toEqual([]);
    } finally {
      chmodSync(ro, 0o755);
    }
  });

  it('a torn entry is a miss', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'k.json'), '{"sections": [');
    expect(openParseCache(tmp(), dir).get('k')).toBeUndefined();
  });

  it('never writes inside the governed repository (outside node_modules)', () => {
    const repo = tmp();
    const inside = openParseCache(repo, path.join(repo, '.cache'));
    inside.set('k', { a: 1 });
    expect(existsSync(path.join(repo, '.cache'))).toBe(false);
    const deps = path.join(repo, 'node_modules', '.cache', 'specgate');
    mkdirSync(deps, { recursive: true });
    openParseCache(repo, deps).set('k', { a: 1 });
    expect(readdirSync(deps)).toEqual(['k.json']);
  });

  it("lives in a git repository's node_modules/.cache/specgate unless SPECGATE_CACHE_DIR moves it", () => {
    const repo = tmp();
    expect(spawnSync('git', ['init', '-q', repo]).status).toBe(0);
    expect(parseCacheDir(repo, {})).toBe(path.join(repo, 'node_modules/.cache/specgate/parsed'));
    expect(parseCacheDir(repo, { SPECGATE_CACHE_DIR: '/tmp/x' })).toBe(path.resolve('/tmp/x/parsed'));
  });

  it("a folder git does not know gets no node_modules: its cache is the user's", () => {
    const home = tmp();
    const plain = tmp();
    const dir = parseCacheDir(plain, { XDG_CACHE_HOME: home });
    expect(dir.startsWith(path.join(home, 'specgate', 'roots') + path.sep)).toBe(true);
    // the same folder by another spelling has the same cache
    expect(parseCacheDir(path.join(plain, '.'), { XDG_CACHE_HOME: home })).toBe(dir);
    expect(parseCacheDir(tmp(), { XDG_CACHE_HOME: home })).not.toBe(dir);
  });

  it('a check of a folder git does not know (a read-only data folder) writes nothing into it', () => {
    const home = tmp();
    const plain = tmp();
    cpSync(path.join(PROJECT, 'RFCS'), path.join(plain, 'RFCS'), { recursive: true });
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: home };
    delete env.SPECGATE_CACHE_DIR;
    const r = spawnSync(process.execPath, [path.join(PROJECT, 'dist/scripts/cli.js'), 'check', 'rfcs', '--root', plain], { encoding: 'utf8', env });
    expect(r.status, r.stderr).not.toBe(2);
    expect(readdirSync(plain)).toEqual(['RFCS']);
    expect(readdirSync(path.join(home, 'specgate', 'roots'))).toHaveLength(1);
  });
});
