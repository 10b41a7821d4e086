import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GitTreeSource, openBase } from '../../scripts/compat/git-base.js';
import { GitIndexSource } from '../../scripts/core/io/git-source.js';
import { FsSource, MAX_FILE_BYTES } from '../../scripts/core/io/source.js';
import { runJson, tempDir } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';
import { RUN_SNAPSHOT } from './minimal-corpus.js';

/**
 * Symlinks committed in a base (and staged in the index) are resolved against that tree by the
 * rules of the working tree: followed only to a regular file inside the root, otherwise a located
 * finding naming what the link is. Before, a base read a link's target text as the file.
 */

const V2 = 'schemas/v2';
const OUTSIDE = tempDir('specgate-outside-');

type Name = (kind: string) => string;
/** Each way a link can fail: its text (from a folder `up` below the root, next to files named by `name`) and what reading it says. */
const KINDS: Record<string, { to: (up: string, name: Name) => string; says: RegExp }> = {
  'git-config': { to: (up) => `${up}.git/config`, says: /inside \.git\/ \(never read\)/ },
  outside: { to: () => path.join(OUTSIDE, 'secret.json'), says: /outside the repository root/ },
  dangling: { to: (_up, name) => name('nowhere'), says: /dangling/ },
  'loop-a': { to: (_up, name) => name('loop-b'), says: /is a symlink loop/ },
  'loop-b': { to: (_up, name) => name('loop-a'), says: /is a symlink loop/ },
  folder: { to: (up) => `${up}spec`, says: /a directory, not a regular file/ },
};
const schemaName: Name = (kind) => `${kind}.schema.json`;
const rfcName: Name = (kind) => `0900-${kind}.md`;
const schemaLink = (kind: string) => `${V2}/${schemaName(kind)}`;
const rfcLink = (kind: string) => `RFCS/${rfcName(kind)}`;
const ALIAS = `${V2}/alias.schema.json`;
const LINKED_DIR = 'schemas/linked';
/** A link (outside the governed folders) whose target passes through the linked folder. */
const THROUGH_LINKED_DIR = 'tools/snapshot.json';

let repo: TempRepo;
let base: string;

function link(rel: string, to: string): void {
  mkdirSync(path.dirname(repo.path(rel)), { recursive: true });
  symlinkSync(to, repo.path(rel));
}

/**
 * One repository: the base commit holds a link of every kind under schemas/ (where compat reads),
 * the issue's `spec/v1/notes.md -> ../../.git/config`, a submodule and a link to it, and a link to a
 * regular file. The working tree then replaces the schema links by regular files (what compat
 * compares them with); the index keeps them, and also stages a link of every kind under RFCS/.
 */
beforeAll(() => {
  repo = TempRepo.init();
  writeFileSync(path.join(OUTSIDE, 'secret.json'), '{"token": "outside the root"}\n');
  link('spec/v1/notes.md', '../../.git/config');
  for (const [kind, { to }] of Object.entries(KINDS)) link(schemaLink(kind), to('../../', schemaName));
  link(`${V2}/to-submodule.schema.json`, 'sub');
  link(ALIAS, 'run-snapshot.schema.json');
  // Linked folders: one inside the root, one out of it, one into .git/.
  link(LINKED_DIR, 'v2');
  link('schemas/outside', OUTSIDE);
  link('schemas/gitdir', '../.git');
  link(THROUGH_LINKED_DIR, `../${LINKED_DIR}/${path.basename(RUN_SNAPSHOT)}`);
  repo.git('add', '-A');
  // A submodule entry (gitlink, mode 160000) with nothing checked out.
  repo.git('update-index', '--add', '--cacheinfo', `160000,${repo.head()},${V2}/sub`);
  repo.git('commit', '-q', '-m', 'links of every kind');
  base = repo.head();
  for (const kind of [...Object.keys(KINDS), 'to-submodule']) {
    repo.remove(schemaLink(kind));
    repo.write(schemaLink(kind), JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `https://specgate.test/${kind}`, type: 'object' }) + '\n');
  }
  for (const [kind, { to }] of Object.entries(KINDS)) link(rfcLink(kind), to('../', rfcName));
  repo.git('add', 'RFCS');
});

describe('symlinks in a git base commit', () => {
  const source = () => {
    const { repo: git, commit } = openBase(repo.dir, base);
    return new GitTreeSource(git, repo.dir, commit, base);
  };

  it('the issue\'s spec/v1/notes.md -> ../../.git/config is refused, neither read as the file nor as its link text', () => {
    expect(source().read('spec/v1/notes.md')).toEqual({ ok: false, failure: 'unreadable', message: 'is a symlink to .git/config, inside .git/ (never read)' });
  });

  it('a link out of the root, a dangling link, a loop, a link to a folder or to a submodule are each refused as what they are', async () => {
    const tree = source();
    for (const [kind, { says }] of Object.entries(KINDS)) expect(tree.read(schemaLink(kind)), kind).toMatchObject({ ok: false, failure: 'unreadable', message: expect.stringMatching(says) });
    expect(tree.read(`${V2}/to-submodule.schema.json`)).toEqual({ ok: false, failure: 'unreadable', message: `is a symlink to ${V2}/sub, a submodule (gitlink), not a regular file` });
    expect(tree.read(`${V2}/sub`)).toEqual({ ok: false, failure: 'unreadable', message: 'is a submodule (gitlink), not a regular file' });
    // a submodule is a folder, not a file a glob lists; the links are listed (reading them says why they fail)
    const listed = await tree.glob([`${V2}/*`]);
    expect(listed).not.toContain(`${V2}/sub`);
    expect(listed).toContain(schemaLink('git-config'));
  });

  it('a link to a regular file inside the root is followed (clean control)', () => {
    expect(source().read(ALIAS)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
  });

  it('a path through a linked folder is followed as the working tree follows it, by the same rules', () => {
    const tree = source();
    const snapshot = `${LINKED_DIR}/${path.basename(RUN_SNAPSHOT)}`;
    expect(RUN_SNAPSHOT).toBe(`${V2}/${path.basename(RUN_SNAPSHOT)}`);
    expect(tree.read(snapshot)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
    expect(new FsSource(repo.dir).read(snapshot)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
    expect(tree.read('schemas/outside/secret.json')).toMatchObject({ ok: false, failure: 'unreadable', message: expect.stringMatching(/outside the repository root/) });
    expect(tree.read('schemas/gitdir/config')).toEqual({ ok: false, failure: 'unreadable', message: 'is a symlink to .git, inside .git/ (never read)' });
    expect(tree.read(`${LINKED_DIR}/nothing.json`)).toMatchObject({ ok: false, message: expect.stringMatching(/dangling/) });
    expect(tree.exists(snapshot)).toBe(true);
    expect(tree.exists(`${LINKED_DIR}/nothing.json`)).toBe(false);
    // a link whose target passes through the linked folder, followed as the kernel follows it
    expect(new FsSource(repo.dir).read(THROUGH_LINKED_DIR)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
    expect(tree.read(THROUGH_LINKED_DIR)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
    // errata never write through a linked folder
    expect(tree.throughSymlink(snapshot)).toBe(true);
    expect(tree.throughSymlink(RUN_SNAPSHOT)).toBe(false);
  });

  it('compat against that base: each broken base link is a located finding on the file it became; the followed link is compared', async () => {
    const r = await runJson(['compat', '--base', base], { cwd: repo.dir });
    expect(r.stderr).toBe('');
    const baseFindings = r.findings.filter((f) => f.file.startsWith(V2));
    const expected = Object.entries(KINDS).map(([kind, { says }]) => ({ ruleId: 'compat/base-unreadable', file: schemaLink(kind), line: 1, column: 1, message: expect.stringMatching(says) }));
    expected.push({ ruleId: 'compat/base-unreadable', file: `${V2}/to-submodule.schema.json`, line: 1, column: 1, message: expect.stringContaining('a submodule (gitlink), not a regular file') });
    expect(baseFindings).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))));
    expect(baseFindings).toHaveLength(expected.length);
    for (const f of baseFindings) expect(f.message).toContain(`at ${base}: ${f.file} `);
    // the link that leads to a regular file is read on both sides and compared: no finding, no change
    expect(r.findings.filter((f) => f.file === ALIAS)).toEqual([]);
  });
});

describe('symlinks in the git index (--staged) and the working tree', () => {
  it('the index resolves its links with the same resolver', async () => {
    const index = await GitIndexSource.open(repo.dir);
    for (const [kind, { says }] of Object.entries(KINDS)) expect(index.read(schemaLink(kind)), kind).toMatchObject({ ok: false, failure: 'unreadable', message: expect.stringMatching(says) });
    expect(index.read(`${V2}/sub`)).toMatchObject({ ok: false, message: 'is a submodule (gitlink), not a regular file' });
    expect(index.read(ALIAS)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
  });

  it('check rfcs --staged reports each staged RFC link, located', async () => {
    const r = await runJson(['check', 'rfcs', '--staged'], { cwd: repo.dir });
    expect(r.code).toBe(1);
    const unreadable = r.findings.filter((f) => f.ruleId === 'corpus/unreadable-file');
    expect(unreadable.map((f) => f.file).sort()).toEqual(Object.keys(KINDS).map(rfcLink).sort());
    for (const f of unreadable) {
      const kind = Object.keys(KINDS).find((k) => f.file === rfcLink(k))!;
      expect(f, kind).toMatchObject({ line: 1, column: 1, message: expect.stringMatching(KINDS[kind]!.says) });
    }
    // read from the index (the working tree would say "a symlink to nothing")
    expect(unreadable.find((f) => f.file === rfcLink('dangling'))!.message).toContain(`is a symlink to ${rfcLink('nowhere')}, which is not in the git index (dangling)`);
  });

  it('the working tree says the same of the same links', () => {
    const tree = new FsSource(repo.dir);
    for (const [kind, { says }] of Object.entries(KINDS)) expect(tree.read(rfcLink(kind)), kind).toMatchObject({ ok: false, failure: 'unreadable', message: expect.stringMatching(says) });
    expect(tree.read(ALIAS)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
  });
});

describe('blobs a glob lists are sized before they are read', () => {
  it('a staged blob over the cap is refused by its size (never buffered); the small ones are read in one batch', async () => {
    const big = 'schemas/v2/big.schema.json';
    repo.write(big, `{"pad": "${'x'.repeat(MAX_FILE_BYTES)}"}`);
    repo.git('add', big);
    try {
      const index = await GitIndexSource.open(repo.dir);
      expect(await index.glob([`${V2}/*.json`])).toContain(big);
      // the size comes from `git cat-file --batch-check`: a cut-off read could not know it
      expect(index.read(big)).toEqual({ ok: false, failure: 'too-large', message: `blob is ${MAX_FILE_BYTES + 11} bytes; refusing to read more than ${MAX_FILE_BYTES}` });
      expect(index.read(RUN_SNAPSHOT)).toEqual({ ok: true, bytes: Buffer.from(repo.read(RUN_SNAPSHOT)) });
    } finally {
      repo.git('rm', '-q', '--cached', big);
      repo.remove(big);
    }
  });
});
