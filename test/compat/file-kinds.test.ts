import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runJson, tempDir } from '../helpers/env.js';
import { TempRepo } from './git-repo.js';
import { MINIMAL_CORPUS } from './minimal-corpus.js';

/*
 * The file-level kinds of data files, which only the git-backed command can see: one repository,
 * a base commit and one commit per scenario on its own branch, each checked out in its own git
 * worktree so that `compat --base <base>` compares that scenario's tree with the base. Each
 * sabotage has a control that makes the same move with a file the rule does not apply to.
 */

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** A data file governed by a compared schema (its `$schema` names run-snapshot), with an `$id`. */
const SAMPLE = 'schemas/v2/run-sample.json';
const SAMPLE_ID = 'https://specgate.test/schemas/v2/run-sample.json';
/** A JSON file no compared schema governs: it names no `$schema`. */
const NOTES = 'schemas/v2/notes.json';
const RENAMED = 'schemas/v2/run-example.json';

const sample = (id = SAMPLE_ID) => json({ $schema: './run-snapshot.schema.json', $id: id, status: 'completed' });

const SCENARIOS: Record<string, (repo: TempRepo) => void> = {
  'data-removed': (repo) => repo.remove(SAMPLE),
  'ungoverned-removed': (repo) => repo.remove(NOTES),
  'data-added': (repo) => repo.write('schemas/v2/run-sample-2.json', json({ $schema: './run-snapshot.schema.json', status: 'failed' })),
  'ungoverned-added': (repo) => repo.write('schemas/v2/notes-2.json', json({ note: 'not governed either' })),
  'data-renamed': (repo) => {
    repo.git('mv', SAMPLE, RENAMED);
    repo.write(RENAMED, sample('https://specgate.test/schemas/v2/run-example.json'));
  },
  'data-moved': (repo) => repo.git('mv', SAMPLE, RENAMED),
};

let repo: TempRepo;
let base: string;
const trees = new Map<string, string>();

beforeAll(() => {
  repo = TempRepo.init({
    ...MINIMAL_CORPUS,
    [SAMPLE]: sample(),
    [NOTES]: json({ note: 'a JSON file beside the schemas that no schema governs' }),
    // Additive kinds are off by default; this repository reports a new data file.
    'specgate.config.json': json({ rules: { 'compat/data-file-added': 'warning' } }),
  });
  base = repo.head();
  const worktrees = tempDir('specgate-compat-trees-');
  for (const [name, edit] of Object.entries(SCENARIOS)) {
    repo.git('checkout', '-q', '-b', name, base);
    edit(repo);
    repo.commit(name);
  }
  repo.git('checkout', '-q', '--detach', base);
  for (const name of Object.keys(SCENARIOS)) {
    const dir = path.join(worktrees, name);
    repo.git('worktree', 'add', '-q', dir, name);
    trees.set(name, dir);
  }
});

async function compat(scenario: string) {
  const r = await runJson(['compat', '--base', base], { cwd: trees.get(scenario)! });
  expect(r.stderr).toBe('');
  return { ...r, changes: JSON.parse(r.stdout).changes as Array<{ file: string; baseFile?: string; kind: string; class: string; rule: string }> };
}

const undeclared = (reason: string) =>
  `undeclared breaking change since ${base}: ${reason}; no RFC added or changed since ${base} declares it (Compatibility: breaking, the file in Affects) (RFC 0001 §B)`;

describe('compat/data-file-removed', () => {
  it('a governed data file removed is breaking, reported at its base path', async () => {
    const r = await compat('data-removed');
    expect(r.code).toBe(1);
    expect(r.findings).toEqual([
      expect.objectContaining({ ruleId: 'compat/data-file-removed', severity: 'error', file: SAMPLE, line: 1, column: 1, pointer: '', message: undeclared('data file removed (every row with it)') }),
    ]);
  });

  it('control: removing a JSON file no compared schema governs is no change', async () => {
    const r = await compat('ungoverned-removed');
    expect(r.code).toBe(0);
    expect(r.changes).toEqual([]);
    expect(r.findings).toEqual([]);
  });
});

describe('compat/data-file-added', () => {
  it('a governed data file added is additive, at the new file (a warning as the config sets it)', async () => {
    const r = await compat('data-added');
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([
      expect.objectContaining({ ruleId: 'compat/data-file-added', severity: 'warning', file: 'schemas/v2/run-sample-2.json', line: 1, column: 1, pointer: '', message: `additive change since ${base}: new data file (RFC 0001 §B)` }),
    ]);
  });

  it('control: adding a JSON file no compared schema governs is no change', async () => {
    const r = await compat('ungoverned-added');
    expect(r.code).toBe(0);
    expect(r.changes).toEqual([]);
    expect(r.findings).toEqual([]);
  });
});

describe('compat/file-renamed', () => {
  it('git sees both moves as renames (the pairing under test is git rename detection)', () => {
    for (const name of ['data-renamed', 'data-moved']) {
      expect(repo.git('diff', '-M', '--name-status', base, name).trim()).toMatch(new RegExp(`^R\\d+\\t${SAMPLE}\\t${RENAMED}$`));
    }
  });

  it('a governed data file renamed with a new $id is breaking, at the new file, naming the old one', async () => {
    const r = await compat('data-renamed');
    expect(r.code).toBe(1);
    expect(r.changes.map((c) => [c.file, c.baseFile, c.kind, c.rule])).toEqual([
      [RENAMED, SAMPLE, 'file-renamed', 'compat/file-renamed'],
      [RENAMED, SAMPLE, 'value-changed', 'compat/value-changed'],
    ]);
    expect(r.findings).toEqual([
      expect.objectContaining({ ruleId: 'compat/file-renamed', severity: 'error', file: RENAMED, line: 1, column: 1, pointer: '', message: undeclared(`data file moved from ${SAMPLE}; references by path break`) }),
      // the data differ sees the new $id as a changed value, at its key
      expect.objectContaining({ ruleId: 'compat/value-changed', file: RENAMED, line: new TempRepo(trees.get('data-renamed')!).lineOf(RENAMED, '"$id"'), pointer: '/$id' }),
    ]);
  });

  it('control: the same rename keeping its $id is a move (editorial, off by default)', async () => {
    const r = await compat('data-moved');
    expect(r.code).toBe(0);
    expect(r.changes.map((c) => [c.file, c.baseFile, c.kind, c.rule])).toEqual([[RENAMED, SAMPLE, 'file-moved', 'compat/file-moved']]);
    expect(r.findings).toEqual([]);
  });
});
