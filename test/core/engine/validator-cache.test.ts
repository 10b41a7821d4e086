import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheRefusal, openCache, setCacheLocation } from '../../../scripts/core/cache/cache.js';
import type { CacheStore } from '../../../scripts/core/cache/cache.js';
import { indexSignature } from '../../../scripts/core/replay/cache-entry.js';
import { parseJson } from '../../../scripts/core/parse/json-tree.js';
import { schemaErrors, validatorCache } from '../../../scripts/core/engine/schema.js';
import { PROJECT, tempDir } from '../../helpers/env.js';

// tempDir() folders are removed when the file ends (test/helpers/temp-dirs.ts).
const tmp = tempDir;

const SCHEMA_TEXT = readFileSync(path.join(PROJECT, 'spec/v2/interop-map.schema.json'), 'utf8');
/** The project's map with two mistakes the schema catches: an unknown top-level key and a row's code as a string. */
function brokenMap(): string {
  const map = JSON.parse(readFileSync(path.join(PROJECT, 'spec/v2/interop-map.json'), 'utf8'));
  map.unexpectedKey = true;
  map.a2a.errors[0].code = 'not a number';
  return JSON.stringify(map, null, 2);
}

function run(cache: CacheStore, schemaText = SCHEMA_TEXT): { errors: unknown[]; compiled: number } {
  validatorCache.forget(); // a new process: nothing of this run's validators is kept
  const before = validatorCache.compiled;
  const errors = [...schemaErrors(parseJson('spec/v2/interop-map.schema.json', schemaText), parseJson('spec/v2/interop-map.json', brokenMap()), cache).errors];
  return { errors, compiled: validatorCache.compiled - before };
}

/** A store outside any governed tree, and its validators folder. */
function store(): { cache: CacheStore; dir: string } {
  const dir = path.join(tmp(), 'cache');
  return { cache: openCache(tmp(), dir)!, dir: path.join(dir, 'validators') };
}

/** The results are kept too; without them a run loads the validator's code. */
const dropResults = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.result.json')).forEach((f) => rmSync(path.join(dir, f)));
const codeEntry = (dir: string) => path.join(dir, readdirSync(dir).find((f) => f.endsWith('.cjs'))!);

afterEach(() => {
  validatorCache.versions = undefined;
});

describe('the validator cache (ajv standaloneCode, keyed by schema text, options and library versions)', () => {
  it('compiles once, then loads the cached code, with the same findings', () => {
    const { cache, dir } = store();
    const first = run(cache);
    expect(first.compiled).toBe(1);
    expect(first.errors.length).toBeGreaterThan(1);
    const fromResult = run(cache);
    expect(fromResult).toEqual({ errors: first.errors, compiled: 0 });
    dropResults(dir);
    expect(run(cache)).toEqual({ errors: first.errors, compiled: 0 });
  });

  it('a changed schema is a fresh compile, with the same findings', () => {
    const { cache } = store();
    const first = run(cache);
    const changed = run(cache, SCHEMA_TEXT.replace(/\n}\s*$/, ',\n  "$comment": "changed"\n}\n'));
    expect(changed).toEqual({ errors: first.errors, compiled: 1 });
  });

  it('a changed library version is a fresh compile, with the same findings', () => {
    const { cache } = store();
    const first = run(cache);
    validatorCache.versions = 'ajv@0.0.0-other ajv-formats@0.0.0 re2js@0.0.0';
    expect(run(cache)).toEqual({ errors: first.errors, compiled: 1 });
  });

  it('a corrupted, truncated, renamed or foreign entry is a fresh compile, never a crash', () => {
    const corruptions: Record<string, (file: string, dir: string) => void> = {
      truncated: (f) => writeFileSync(f, readFileSync(f).subarray(0, 200)),
      'a flipped byte': (f) => {
        const b = readFileSync(f);
        b[b.length - 10] ^= 1;
        writeFileSync(f, b);
      },
      'no header': (f) => writeFileSync(f, 'module.exports = () => true;\n'),
      'another entry under this name': (f, dir) => {
        const other = path.join(dir, 'other.cjs');
        writeFileSync(other, readFileSync(f, 'utf8').replace(/^(\S+ \S+ \S+ )\S+/, '$1other.cjs'));
        renameSync(other, f);
      },
      'a symlink to /dev/zero': (f) => {
        rmSync(f);
        symlinkSync('/dev/zero', f);
      },
      'a folder': (f) => {
        rmSync(f);
        mkdirSync(f);
      },
    };
    for (const [name, corrupt] of Object.entries(corruptions)) {
      const { cache, dir } = store();
      const first = run(cache);
      dropResults(dir);
      corrupt(codeEntry(dir), dir);
      expect(run(cache), name).toEqual({ errors: first.errors, compiled: 1 });
    }
  });
});

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], { cwd, stdio: 'ignore' });
}

describe('where the cache folder may be (a committed entry is never read)', () => {
  const repo = (ignore: boolean) => {
    const root = tmp();
    git(root, 'init', '-q', '.');
    writeFileSync(path.join(root, '.gitignore'), ignore ? 'node_modules/\n' : '# nothing ignored\n');
    git(root, 'add', '.gitignore');
    git(root, 'commit', '-qm', 'start');
    return { root, dir: path.join(root, 'node_modules', '.cache', 'specgate') };
  };

  it('outside the governed tree, and in a git-ignored node_modules/.cache with nothing tracked', () => {
    expect(cacheRefusal(tmp(), path.join(tmp(), 'cache'))).toBeUndefined();
    const { root, dir } = repo(true);
    expect(cacheRefusal(root, dir)).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['CACHEDIR.TAG']);
  });

  it("a repository with nothing added yet has no index file: git's answer is kept under 'no-index', and the first add makes it stale", () => {
    const root = tmp();
    git(root, 'init', '-q', '.');
    writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
    expect(indexSignature(root)?.signature).toBe('no-index');
    git(root, 'add', '.gitignore');
    expect(indexSignature(root)?.signature).toMatch(/^\d+:\d+:/);
  });

  it('never inside the tree elsewhere, nor under a node_modules git does not ignore', () => {
    const root = tmp();
    expect(cacheRefusal(root, path.join(root, '.cache', 'specgate'))).toMatch(/not under a node_modules\/\.cache/);
    const plain = repo(false);
    expect(cacheRefusal(plain.root, plain.dir)).toMatch(/not ignored/);
    mkdirSync(plain.dir, { recursive: true });
    expect(cacheRefusal(plain.root, plain.dir)).toMatch(/not ignored/);
  });

  it('a committed entry: the folder is not used', () => {
    const { root, dir } = repo(true);
    const planted = openCache(root, dir)!;
    planted.set('parsed', 'k.json', '{"a":1}');
    // Asked once with git, the verdict is kept in the git folder by the index file's identity.
    setCacheLocation(undefined);
    expect(cacheRefusal(root, dir)).toBeUndefined();
    expect(existsSync(path.join(root, '.git', 'specgate-cache-verdict'))).toBe(true);
    git(root, 'add', '-f', 'node_modules/.cache/specgate/parsed/k.json');
    git(root, 'commit', '-qm', 'a committed cache entry');
    setCacheLocation(undefined); // forgets the verdicts, as a new process starts without them
    // The commit replaced the index file: the kept verdict no longer applies, and git is asked again.
    expect(cacheRefusal(root, dir)).toMatch(/tracked by git/);
    expect(openCache(root, dir)).toBeUndefined();
  });

  it('a committed node_modules symlink to a tracked folder of entries: git looks past neither, the folder is not used', () => {
    const { root, dir } = repo(false);
    writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
    const vendor = path.join(root, 'vendor', 'nm', '.cache', 'specgate', 'parsed');
    mkdirSync(vendor, { recursive: true });
    writeFileSync(path.join(vendor, 'k.json'), 'planted');
    symlinkSync(path.join('vendor', 'nm'), path.join(root, 'node_modules'));
    git(root, 'add', '-f', '.gitignore', 'node_modules', 'vendor');
    git(root, 'commit', '-qm', 'a committed link to committed entries');
    setCacheLocation(undefined);
    expect(cacheRefusal(root, dir)).toMatch(/passes through the symlink .*node_modules$/);
    expect(openCache(root, dir)).toBeUndefined();
    // a link further down (node_modules/.cache) is refused alike
    rmSync(path.join(root, 'node_modules'));
    mkdirSync(path.join(root, 'node_modules'));
    symlinkSync(path.join('..', 'vendor', 'nm', '.cache'), path.join(root, 'node_modules', '.cache'));
    setCacheLocation(undefined);
    expect(cacheRefusal(root, dir)).toMatch(/passes through the symlink .*node_modules\/\.cache$/);
  });
});
