import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installHook } from '../../scripts/hooks/install-hook.js';
import { corpusRepo, git, gitOk, headCommit, recordingNode } from './git-repo.js';
import { tempDir } from '../helpers/env.js';

const MAP = 'spec/v2/interop-map.json';

function setup(opts: { subdir?: string } = {}) {
  const repo = corpusRepo(opts);
  const installed = installHook({ packageRoot: repo.root, env: {} });
  expect(installed.outcome).toBe('installed');
  const node = recordingNode();
  const commit = (message: string) => git(repo.top, ['commit', '-q', '-m', message], { SPECGATE_NODE: node.bin });
  const starts = () => (existsSync(node.log) ? readFileSync(node.log, 'utf8').trim().split('\n') : []);
  return { ...repo, commit, starts };
}

describe('pre-commit hook through `git commit`', () => {
  it('blocks a bad map that is staged and then fixed only in the working tree', () => {
    const { top, root, commit, starts } = setup();
    const map = path.join(root, MAP);
    const good = readFileSync(map, 'utf8');
    writeFileSync(map, good.replace(/^\{/, '{ this is not JSON'));
    gitOk(top, ['add', MAP]);
    writeFileSync(map, good); // fixed in the working tree only: the index still holds the bad map
    const before = headCommit(top);
    const r = commit('bad map staged');
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/spec\/v2\/interop-map\.json/);
    expect(r.stdout + r.stderr).toMatch(/parse\/syntax/);
    expect(headCommit(top)).toBe(before);
    expect(starts()).toHaveLength(1);
    expect(starts()[0]).toMatch(/check --changed --root \.$/);
    expect(r.stderr).toMatch(/^specgate: checking the staged interop-map wire-examples$/m);
  });

  it('passes a clean staged map although the working tree copy is broken', () => {
    const { top, root, commit, starts } = setup();
    const map = path.join(root, MAP);
    const text = readFileSync(map, 'utf8');
    writeFileSync(map, text.replace(/\n$/, '\n\n'));
    gitOk(top, ['add', MAP]);
    writeFileSync(map, '{ broken in the working tree only');
    const before = headCommit(top);
    const r = commit('clean map staged');
    expect(r.stderr).toMatch(/^specgate: checking the staged interop-map wire-examples$/m);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(headCommit(top)).not.toBe(before);
    expect(starts()).toHaveLength(1);
  });

  it('reads the staged content from one `ls-files --stage` and one `cat-file --batch`, not a git process per file', () => {
    const { top, root, starts } = setup();
    const node = recordingNode();
    // git writes down every git process started under it (the hook's, specgate's) with GIT_TRACE.
    const calls = path.join(path.dirname(node.log), 'git-trace.log');
    const map = path.join(root, MAP);
    writeFileSync(map, readFileSync(map, 'utf8').replace(/\n$/, '\n\n'));
    gitOk(top, ['add', MAP]);
    // A cache folder of its own: blobs an earlier run kept by their object id are not asked of git at all.
    const r = git(top, ['commit', '-q', '-m', 'map edit'], { SPECGATE_NODE: node.bin, GIT_TRACE: calls, SPECGATE_CACHE_DIR: tempDir('specgate-cache-') });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(starts()).toEqual([]);
    expect(readFileSync(node.log, 'utf8')).toMatch(/check --changed/);
    // What specgate asked git for the staged content (the hook's own `diff --cached` and the cache folder's check aside).
    const content = [...readFileSync(calls, 'utf8').matchAll(/trace: built-in: git (.*)$/gm)].map((m) => m[1]!.replace(/(^| )-c \S+/g, '').replace(/'/g, '').trim()).filter((line) => /^(cat-file|ls-files --stage|rev-parse)/.test(line));
    expect(content).toEqual(['ls-files --stage -z', 'cat-file --batch']);
  });

  it('commits an ungoverned file without starting node', () => {
    const { top, root, commit, starts } = setup();
    writeFileSync(path.join(root, 'NOTES.txt'), 'still not governed\n');
    gitOk(top, ['add', 'NOTES.txt']);
    const r = commit('notes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/specgate/);
    expect(starts()).toEqual([]);
  });

  it('runs only the families whose inputs are staged: an RFC edit does not run interop-map', () => {
    const { top, root, commit, starts } = setup();
    const rfc = gitOk(top, ['ls-files', 'RFCS']).split('\n')[0]!;
    writeFileSync(path.join(root, rfc), readFileSync(path.join(root, rfc), 'utf8') + '\n');
    gitOk(top, ['add', rfc]);
    const r = commit('rfc whitespace');
    expect(starts()).toHaveLength(1);
    expect(r.stderr).toMatch(/^specgate: checking the staged invariants rfcs wire-examples$/m);
  });

  it('reads the staged config file, and runs every family when it is staged', () => {
    const { top, root, commit, starts } = setup();
    const cfg = path.join(root, 'specgate.config.json');
    writeFileSync(cfg, '{ "preset": "specgate", "layuot": {} }\n');
    gitOk(top, ['add', 'specgate.config.json']);
    writeFileSync(cfg, '{ "preset": "specgate" }\n');
    const r = commit('bad config staged');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/specgate\.config\.json:1:\d+: unknown key "layuot"/);
    expect(r.stderr).not.toMatch(/checking the staged/);
  });

  it('works when the package is a subdirectory of the repository', () => {
    const { top, root, commit, starts } = setup({ subdir: 'protocol' });
    const map = path.join(root, MAP);
    const good = readFileSync(map, 'utf8');
    writeFileSync(map, '[]');
    gitOk(top, ['add', `protocol/${MAP}`]);
    const r = commit('bad map in a subdirectory');
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/spec\/v2\/interop-map\.json/);
    expect(starts()[0]).toMatch(/--root protocol$/);
    // The index is read relative to the package folder: the restored map is found and passes.
    writeFileSync(map, good.replace(/\n$/, '\n\n'));
    gitOk(top, ['add', `protocol/${MAP}`]);
    const fixed = commit('good map in a subdirectory');
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
  });
});

describe('the hook gates what is staged (issue 34 §4)', () => {
  const A = 'RFCS/0152-a2a-1-0-versioned-composition.md';
  const B = 'RFCS/0208-v2-a2a-mcp-operation-mappings.md';
  /** A repository whose RFC A carries a known warning (a rule the config makes one), committed. */
  function withWarningElsewhere() {
    const repo = setup();
    writeFileSync(path.join(repo.root, 'specgate.config.json'), JSON.stringify({ rules: { 'rfcs/title-row-matches': 'warning', 'rfcs/affects-paths-exist': 'off' } }));
    const a = path.join(repo.root, A);
    writeFileSync(a, readFileSync(a, 'utf8').replace(/^# RFC 0152: .*/m, '# RFC 0152: Something else'));
    gitOk(repo.top, ['add', '-A']);
    gitOk(repo.top, ['commit', '-q', '--no-verify', '-m', 'known warning']);
    return repo;
  }

  it('a staged deletion of an ungoverned file starts nothing', () => {
    const { top, commit, starts } = setup();
    gitOk(top, ['rm', '-q', 'NOTES.txt']);
    const r = commit('no notes');
    expect(r.code, r.stderr).toBe(0);
    expect(starts()).toEqual([]);
  });

  it("the report is the staged files' findings: a warning in another RFC is not shown", () => {
    const { top, root, commit } = withWarningElsewhere();
    const b = path.join(root, B);
    writeFileSync(b, readFileSync(b, 'utf8').replace(/^# RFC 0208: .*/m, '# RFC 0208: Retitled'));
    gitOk(top, ['add', B]);
    const r = commit('retitle B');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = r.stdout + r.stderr; // git gives a hook's stdout to stderr
    expect(out).toContain(B);
    expect(out).not.toContain(A);
    expect(out).toMatch(/✖ 1 problem \(0 errors, 1 warning\)/);
  });

  it('an error elsewhere that the change causes still counts: a deleted RFC that invariants cite', () => {
    const { top, commit } = withWarningElsewhere();
    gitOk(top, ['rm', '-q', 'RFCS/0211-a2a-error-details-are-errorinfo.md']);
    const r = commit('delete RFC 0211');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^specgate: checking the staged invariants rfcs wire-examples$/m);
    expect(r.stderr).toMatch(/invariants\/invariants\.yaml/);
    expect(r.stderr).toMatch(/invariants\/cited-rfc-exists/);
    expect(r.stderr).not.toContain(A);
  });

  it('SPECGATE_HOOK_QUIET=1: errors only, one line each; a clean commit prints nothing', () => {
    const { top, root } = withWarningElsewhere();
    const a = path.join(root, A);
    writeFileSync(a, `${readFileSync(a, 'utf8')}\n`);
    gitOk(top, ['add', A]);
    const r = git(top, ['commit', '-q', '-m', 'touch A'], { SPECGATE_HOOK_QUIET: '1' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toBe('');
  });
});

describe('hook installation', () => {
  it('leaves a hook it did not write alone, says so, and puts its own beside it', () => {
    const { top, root } = corpusRepo();
    const theirs = path.join(top, '.git/hooks/pre-commit');
    writeFileSync(theirs, '#!/bin/sh\necho theirs\n');
    const r = installHook({ packageRoot: root, env: {} });
    expect(r.outcome).toBe('kept-foreign');
    expect(r.message).toMatch(/was not written by specgate, so it was left alone/);
    expect(readFileSync(theirs, 'utf8')).toBe('#!/bin/sh\necho theirs\n');
    expect(existsSync(path.join(top, '.git/hooks/specgate-pre-commit'))).toBe(true);
  });

  it('updates its own hook, and is idempotent', () => {
    const { root } = corpusRepo();
    expect(installHook({ packageRoot: root, env: {} }).outcome).toBe('installed');
    expect(installHook({ packageRoot: root, env: {} }).outcome).toBe('unchanged');
    const hook = path.join(root, '.git/hooks/pre-commit');
    writeFileSync(hook, readFileSync(hook, 'utf8').replace('set -f', 'set -f # edited'));
    expect(installHook({ packageRoot: root, env: {} }).outcome).toBe('updated');
  });

  it('respects core.hooksPath', () => {
    const { top, root } = corpusRepo();
    gitOk(top, ['config', 'core.hooksPath', '.githooks']);
    const r = installHook({ packageRoot: root, env: {} });
    expect(r.outcome).toBe('installed');
    expect(r.hookFile).toBe(path.join(top, '.githooks', 'pre-commit'));
    expect(existsSync(path.join(top, '.git/hooks/pre-commit'))).toBe(false);
  });

  it('does nothing outside a git work tree, or for a dependency install', () => {
    const { root } = corpusRepo();
    expect(installHook({ packageRoot: path.join(root, 'spec'), env: { INIT_CWD: '/elsewhere' } }).outcome).toBe('skipped');
    expect(installHook({ packageRoot: path.join(root, 'node_modules', 'specgate'), env: {} }).outcome).toBe('skipped');
    expect(existsSync(path.join(root, '.git/hooks/pre-commit'))).toBe(false);
  });
});
