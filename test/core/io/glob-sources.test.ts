import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitIndexSource } from '../../../scripts/core/io/git-source.js';
import { FsSource, globMatcher, globProblem, MAX_GLOB_STARS } from '../../../scripts/core/io/source.js';
import { UsageError } from '../../../scripts/core/base/errors.js';

const FILES = [
  'test/a.test.ts',
  'test/b.test.ts',
  'test/B.test.ts',
  'test/1.test.ts',
  'test/ab.test.ts',
  'test/deep/x/c.test.ts',
  'test/.hidden/d.test.ts',
  'test/.e.test.ts',
  '.github/workflows/ci.yml',
  '.config/x.test.ts',
  'docs/a.md',
  'docs/b.md',
  'docs/c.txt',
  'spec/v2/errors.schema.json',
  'spec/v1/x.schema.json',
  'schemas/y.schema.json',
  'node_modules/pkg/z.test.ts',
  'README.md',
];

/** Globs and the files they must match, the same under the working tree and the git index. */
const CASES: Array<[string[], string[]]> = [
  [['test/[a-z].test.ts'], ['test/a.test.ts', 'test/b.test.ts']],
  [['test/[^a-z].test.ts'], ['test/1.test.ts', 'test/B.test.ts']],
  [['docs/{a,c}.*'], ['docs/a.md', 'docs/c.txt']],
  [['{spec,schemas}/**/*.schema.json'], ['schemas/y.schema.json', 'spec/v1/x.schema.json', 'spec/v2/errors.schema.json']],
  [['**/*.test.ts'], ['test/1.test.ts', 'test/B.test.ts', 'test/a.test.ts', 'test/ab.test.ts', 'test/b.test.ts', 'test/deep/x/c.test.ts']],
  [['test/**'], ['test/1.test.ts', 'test/B.test.ts', 'test/a.test.ts', 'test/ab.test.ts', 'test/b.test.ts', 'test/deep/x/c.test.ts']],
  [['test/.*.test.ts', 'test/.hidden/*.ts'], ['test/.e.test.ts', 'test/.hidden/d.test.ts']],
  [['.github/**/*.yml'], ['.github/workflows/ci.yml']],
  [['test/*.test.ts', '!test/a*.test.ts'], ['test/1.test.ts', 'test/B.test.ts', 'test/b.test.ts']],
  [['!test/a.test.ts', 'test/?.test.ts'], ['test/1.test.ts', 'test/B.test.ts', 'test/a.test.ts', 'test/b.test.ts']],
  [['*.md'], ['README.md']],
  [['test/nowhere/*.ts'], []],
];

describe('one glob matcher for the working tree and the git index', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'specgate-globs-'));
    for (const f of FILES) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), `${f}\n`);
    }
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-f', '--', ...FILES);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(CASES)('%j gives the same files from both sources', async (patterns, expected) => {
    const index = await GitIndexSource.open(root);
    const tree = new FsSource(root);
    expect(await index.glob(patterns)).toEqual(expected);
    expect(await tree.glob(patterns)).toEqual(expected);
  });
});

describe('glob caps', () => {
  it('refuses a glob of 22 separate `*` at once, with the reason', () => {
    const star22 = 'test/' + 'a*'.repeat(22) + 'b.test.ts';
    expect(globProblem(star22)).toMatch(/22 separate `\*` wildcards \(at most 3/);
    expect(() => globMatcher([star22])).toThrow(UsageError);
    expect(() => globMatcher(['!' + star22])).toThrow(UsageError);
  });

  it('accepts a run of 22 `*` (one wildcard) and answers at once', () => {
    const run = globMatcher(['test/' + '*'.repeat(22) + 'b.test.ts']);
    expect(run('test/' + 'a'.repeat(250) + '.test.ts')).toBe(false);
    expect(run('test/xb.test.ts')).toBe(true);
  });

  it(`accepts ${MAX_GLOB_STARS} wildcards, which stay fast on a 250-character name`, () => {
    const m = globMatcher(['a*a*a*b']);
    expect(m('a'.repeat(250))).toBe(false);
  });

  it('refuses globs that leave the repository or are too long', () => {
    expect(globProblem('../x/*.ts')).toMatch(/leaves the repository/);
    expect(globProblem('/etc/*')).toMatch(/leaves the repository/);
    expect(globProblem('a'.repeat(2000))).toMatch(/2000 characters/);
    expect(globProblem('test/**/*.test.ts')).toBeUndefined();
  });
});
