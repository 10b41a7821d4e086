import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openParseCache, parseCacheDir, parseCacheKey } from '../../scripts/core/parse-cache.js';
import { tempDir } from '../helpers/env.js';

// tempDir() folders are removed when the file ends (test/helpers/temp-dirs.ts).
const tmp = tempDir;

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

  it('lives beside the dependencies unless SPECGATE_CACHE_DIR moves it', () => {
    expect(parseCacheDir({})).toMatch(/node_modules[/\\]\.cache[/\\]specgate[/\\]parsed$/);
    expect(parseCacheDir({ SPECGATE_CACHE_DIR: '/tmp/x' })).toBe(path.resolve('/tmp/x'));
  });
});
