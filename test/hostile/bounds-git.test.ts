import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus, MAX_FILE_BYTES } from '../../scripts/core/parse/corpus.js';
import { GitIndexSource } from '../../scripts/core/io/git-source.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { HOOK_NAMES, installHook } from '../../scripts/hooks/install-hook.js';
import { tempDir } from '../helpers/env.js';
import { corpusRepo, git, gitOk, headCommit, recordingNode } from '../gates/git-repo.js';

const MAP = 'spec/v2/interop-map.json';

describe('hostile bounds: git', () => {
  it('a staged map over 64 MB is a parse/too-large finding, read by size first (no spawnSync ENOBUFS)', async () => {
    const dir = tempDir('specgate-bigblob-');
    gitOk(dir, ['init', '-q']);
    writeFileSync(path.join(dir, 'big.json'), '{"a2a": {}' + ' '.repeat(65 * 1024 * 1024) + '}');
    writeFileSync(path.join(dir, 'small.json'), '{"a2a": {}}');
    gitOk(dir, ['add', 'big.json', 'small.json']);
    const corpus = new Corpus(await GitIndexSource.open(dir), presetLayout('specgate'));
    expect(corpus.json('big.json')).toBeUndefined();
    expect(corpus.problems).toMatchObject([{ ruleId: 'parse/too-large', file: 'big.json', line: 1 }]);
    // The size comes from the index before any byte is read: git's output is never buffered past the cap.
    expect(corpus.problems[0]!.message).toBe(`blob is larger than ${MAX_FILE_BYTES} bytes; refusing to read more`);
    // clean control: a small staged file is read, also when listed by a glob (one --batch read)
    expect(corpus.json('small.json')?.value).toEqual({ a2a: {} });
    expect(await corpus.source.glob(['*.json'])).toEqual(['big.json', 'small.json']);
  });
});

describe('hostile bounds: paths through the git index', () => {
  /** A repository whose index holds `links` (path → link text) and `files` (path → text). */
  async function staged(files: Record<string, string>, links: Record<string, string>): Promise<GitIndexSource> {
    const dir = tempDir('specgate-git-paths-');
    gitOk(dir, ['init', '-q']);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    for (const [rel, to] of Object.entries(links)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      symlinkSync(to, path.join(dir, rel));
    }
    gitOk(dir, ['add', '-A']);
    return GitIndexSource.open(dir);
  }

  it('a path of a million components (4 MiB of YAML can name one) is resolved in one walk, not one lookup per prefix', async () => {
    const source = await staged({ 'spec/a.md': 'x' }, { 'spec/v2': 'v2-draft' });
    const deep = 'spec/' + 'a/'.repeat(1_000_000) + 'x.md';
    expect(source.exists(deep)).toBe(false);
    expect(source.read(deep)).toMatchObject({ ok: false, failure: 'missing' });
    expect(source.exists('spec/' + '/'.repeat(1_000_000))).toBe(true);
    // clean control: the same walk follows the linked folder
    expect(source.throughSymlink('spec/v2/' + 'a/'.repeat(1_000_000) + 'x.md')).toBe(true);
  });

  it('a link blob of megabytes naming itself (no working tree can hold it) is refused by length, not followed 40 times', async () => {
    const dir = tempDir('specgate-git-longlink-');
    gitOk(dir, ['init', '-q']);
    writeFileSync(path.join(dir, 'text'), 'a/'.repeat(1_000_000) + 'x');
    const oid = git(dir, ['hash-object', '-w', 'text']).stdout.trim();
    gitOk(dir, ['update-index', '--add', '--cacheinfo', `120000,${oid},a`]);
    const source = await GitIndexSource.open(dir);
    expect(source.read('a/f.json')).toEqual({ ok: false, failure: 'unreadable', message: 'is a symlink whose target is 2000001 bytes long (at most 4096)' });
  });

  it("a link whose target passes through a linked folder is followed as the working tree follows it (was 'dangling')", async () => {
    const source = await staged({ 'real/dir/file.json': '{}' }, { 'alias': 'real', 'entry.json': 'alias/dir/file.json', 'out.json': 'alias/../../x' });
    expect(source.read('entry.json')).toMatchObject({ ok: true });
    expect(source.read('alias/dir/file.json')).toMatchObject({ ok: true });
    expect(source.read('out.json')).toMatchObject({ ok: false, failure: 'unreadable', message: 'is a symlink to alias/../../x, outside the repository root' });
  });
});

describe('hostile bounds: the pre-commit and pre-merge-commit hooks', () => {
  function setup() {
    const repo = corpusRepo();
    expect(installHook({ packageRoot: repo.root, env: {} }).outcome).toBe('installed');
    const node = recordingNode();
    const env = { SPECGATE_NODE: node.bin };
    const starts = () => readFileSync(node.log, 'utf8').trim().split('\n');
    return { ...repo, env, starts };
  }

  it('installs the same script as pre-commit and pre-merge-commit', () => {
    const { top } = setup();
    const [a, b] = HOOK_NAMES.map((h) => readFileSync(path.join(top, '.git/hooks', h), 'utf8'));
    expect(a).toContain('git -c core.quotePath=false diff --cached --name-only --no-renames');
    expect(b).toBe(a);
  });

  it('checks a staged RFC whose name git would C-quote (", tab, backslash, newline) and blocks the commit', () => {
    const { top, env, starts } = setup();
    for (const name of ['RFCS/0300-a"b\tc\\d.md', 'RFCS/0301-new\nline.md']) {
      writeFileSync(path.join(top, name), '# not an RFC header\n');
      gitOk(top, ['add', name]);
      const before = headCommit(top);
      const r = git(top, ['commit', '-q', '-m', 'broken RFC with a quoted name'], env);
      expect(r.code, r.stdout + r.stderr).not.toBe(0);
      expect(r.stderr).toMatch(/^specgate: checking the staged invariants rfcs wire-examples$/m);
      expect(headCommit(top)).toBe(before);
      gitOk(top, ['rm', '-q', '--cached', name]);
    }
    for (const s of starts()) expect(s).toMatch(/check --changed --root \.$/);
  });

  it('blocks a merge commit that brings in a broken map; clean control: a clean merge passes', () => {
    const { top, env } = setup();
    const map = path.join(top, MAP);
    const good = readFileSync(map, 'utf8');
    gitOk(top, ['checkout', '-q', '-b', 'feature']);
    writeFileSync(map, good.replace(/^\{/, '{ not JSON'));
    gitOk(top, ['commit', '-q', '-am', 'broken map', '--no-verify']);
    gitOk(top, ['checkout', '-q', 'main']);
    const before = headCommit(top);
    const r = git(top, ['merge', '--no-ff', '-q', '-m', 'merge feature', 'feature'], env);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/parse\/syntax/);
    expect(headCommit(top)).toBe(before);
    gitOk(top, ['merge', '--abort']);
    gitOk(top, ['checkout', '-q', '-b', 'clean']);
    writeFileSync(path.join(top, 'NOTES.txt'), 'still not governed\n');
    gitOk(top, ['commit', '-q', '-am', 'notes', '--no-verify']);
    gitOk(top, ['checkout', '-q', 'main']);
    expect(git(top, ['merge', '--no-ff', '-q', '-m', 'merge clean', 'clean'], env).code).toBe(0);
  });
});
