import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFiles } from '../../scripts/core/io/writer.js';
import { tempDir } from '../helpers/env.js';
import { apply, plan, rfcWithErrata } from './helpers.js';

const DOC = '# Doc\n\n## §B Versions\n\nThe host sends the old words.\n';

function repo(files: Record<string, string>, errata: string, status = 'Accepted'): string {
  const root = tempDir('specgate-errata-');
  for (const [rel, text] of Object.entries({ ...files, 'RFCS/0999-errata-case.md': rfcWithErrata(errata, status) })) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('targets outside the repository are refused', () => {
  it('a target that is a symlink to a file outside the root', async () => {
    const outside = tempDir('specgate-outside-');
    writeFileSync(path.join(outside, 'doc.md'), DOC);
    const root = repo({}, '- **`doc.md` §B** (`:5`) — replace "old words" with "new words".\n');
    symlinkSync(path.join(outside, 'doc.md'), path.join(root, 'doc.md'));
    const run = await apply(root);
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/target-not-governed', line: 9, message: expect.stringContaining('passes through the symlink doc.md') })]);
    expect(readFileSync(path.join(outside, 'doc.md'), 'utf8')).toBe(DOC);
  });

  it('a target under a symlinked folder that points outside the root', async () => {
    const outside = tempDir('specgate-outside-');
    writeFileSync(path.join(outside, 'doc.md'), DOC);
    const root = repo({}, '- **`spec/doc.md` §B** (`:5`) — replace "old words" with "new words".\n');
    symlinkSync(outside, path.join(root, 'spec'));
    const run = await apply(root);
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/target-not-governed', line: 9, message: expect.stringContaining('passes through the symlink spec') })]);
    expect(readFileSync(path.join(outside, 'doc.md'), 'utf8')).toBe(DOC);
  });

  it('a symlink that stays inside the root is refused too: errata never write through a symlink', async () => {
    const root = repo({ 'real/doc.md': DOC }, '- **`doc.md` §B** (`:5`) — replace "old words" with "new words".\n');
    symlinkSync(path.join(root, 'real/doc.md'), path.join(root, 'doc.md'));
    const run = await apply(root);
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/target-not-governed', message: expect.stringContaining('never write through a symlink') })]);
    expect(readFileSync(path.join(root, 'real/doc.md'), 'utf8')).toBe(DOC);
    expect(lstatSync(path.join(root, 'doc.md')).isSymbolicLink()).toBe(true);
  });

  it('an absolute target is refused as outside the root', async () => {
    const run = await apply(repo({}, '- **`/etc/doc.md` §B** (`:5`) — replace "old words" with "new words".\n'));
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/target-outside-root', line: 9 })]);
  });

  it('`..` that climbs out and an absolute path (the fixture case covers the messages); `..` that stays inside is fine', async () => {
    const root = repo({ 'spec/doc.md': DOC }, '- **`spec/../spec/doc.md` §B** (`:5`) — replace "old words" with "new words".\n');
    const run = await apply(root);
    expect(run.findings).toEqual([]);
    expect(readFileSync(path.join(root, 'spec/doc.md'), 'utf8')).toContain('new words');
  });
});

describe('abbreviated targets', () => {
  it('resolve by unique prefix in their folder', async () => {
    const root = repo({ 'RFCS/0152-versioned.md': DOC }, '- **`RFCS/0152-…` §B** (`:5`) — replace "old words" with "new words".\n');
    const run = await apply(root);
    expect(run.outcomes).toEqual([expect.objectContaining({ target: 'RFCS/0152-versioned.md §B', status: 'applied' })]);
  });

  it('are refused when the prefix matches several files, naming each', async () => {
    const root = repo({ 'RFCS/0152-a.md': DOC, 'RFCS/0152-b.md': DOC }, '- **RFC 0152 §B** (`RFCS/0152-…:5`) — replace "old words" with "new words".\n');
    const run = await apply(root);
    expect(run.findings).toEqual([
      expect.objectContaining({ ruleId: 'errata/target-ambiguous', line: 9, message: expect.stringContaining('matches 2 files: RFCS/0152-a.md, RFCS/0152-b.md') }),
    ]);
  });

  it('are refused when nothing matches', async () => {
    const run = await apply(repo({}, '- **RFC 0152 §B** (`RFCS/0152-…:5`) — replace "a" with "b".\n'));
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/target-missing', message: expect.stringContaining('no file in RFCS/ starts with 0152-') })]);
  });
});

describe('all or nothing', () => {
  it('one refused erratum in another file stops the whole run', async () => {
    const root = repo({ 'a.md': DOC, 'b.md': DOC }, '- **`a.md` §B** (`:5`) — replace "old words" with "new words".\n- **`b.md` §B** (`:5`) — replace "gone words" with "new words".\n');
    const run = await apply(root);
    expect(run.changes).toEqual([]);
    expect(run.outcomes.map((o) => o.status)).toEqual(['not-written', 'refused']);
    expect(run.findings).toEqual([expect.objectContaining({ ruleId: 'errata/text-drift', line: 10 })]);
    expect(readFileSync(path.join(root, 'a.md'), 'utf8')).toBe(DOC);
    expect(readFileSync(path.join(root, 'b.md'), 'utf8')).toBe(DOC);
  });

  it('two errata editing overlapping text are both refused', async () => {
    const root = repo({ 'a.md': DOC }, '- **`a.md` §B** (`:5`) — replace "sends the old" with "sends a new".\n- **`a.md` §B** (`:5`) — replace "old words" with "new words".\n');
    const run = await apply(root);
    expect(run.changes).toEqual([]);
    expect(run.findings.map((f) => [f.ruleId, f.line])).toEqual([
      ['errata/edits-overlap', 9],
      ['errata/edits-overlap', 10],
    ]);
  });

  it('when a file cannot be staged, no file is replaced', () => {
    const dir = tempDir('specgate-write-');
    writeFileSync(path.join(dir, 'a.md'), 'before');
    expect(() =>
      commitFiles(dir, [
        { file: 'a.md', real: path.join(dir, 'a.md'), before: 'before', after: 'after' },
        { file: 'b.md', real: path.join(dir, 'b.md'), before: 'x', after: 'y' },
      ]),
    ).toThrow(/nothing written: .*b\.md/);
    expect(readFileSync(path.join(dir, 'a.md'), 'utf8')).toBe('before');
  });
});

describe('which RFCs a run reads', () => {
  const errata = '- **`a.md` §B** (`:5`) — replace "old words" with "new words".\n';

  it('by default only Accepted RFCs; --rfc names one whatever its status', async () => {
    const root = repo({ 'a.md': DOC }, errata, 'Draft');
    expect((await plan(root, { mode: 'check' })).outcomes).toEqual([]);
    const named = await plan(root, { mode: 'check', rfc: '999' });
    expect(named.findings).toEqual([expect.objectContaining({ ruleId: 'errata/not-applied', line: 9 })]);
  });

  it('check reports each unapplied erratum at its item, naming the target and the old text\'s line', async () => {
    const run = await plan(repo({ 'a.md': DOC }, errata), { mode: 'check' });
    expect(run.findings).toEqual([
      expect.objectContaining({
        ruleId: 'errata/not-applied',
        file: 'RFCS/0999-errata-case.md',
        line: 9,
        column: 1,
        message: expect.stringContaining('a.md heading "§B Versions" still has the old text at line 5'),
        related: [expect.objectContaining({ file: 'a.md', line: 5, column: 20, endColumn: 29 })],
      }),
    ]);
    expect(run.changes).toEqual([]);
  });
});

describe('an item --item leaves out is judged without side effects', () => {
  it("its target's read problem belongs to a run that selects it: left out of this run's problems, never rolled back out of the corpus", async () => {
    const { Corpus } = await import('../../scripts/core/parse/corpus.js');
    const { FsSource } = await import('../../scripts/core/io/source.js');
    const { presetLayout } = await import('../../scripts/core/preset/layout.js');
    const { planErrata } = await import('../../scripts/errata/run.js');
    const root = repo({ 'a.md': DOC }, '- **`a.md` §B** (`:5`) — replace "old words" with "new words".\n- **`b.md` §B** (`:5`) — replace "old words" with "new words".\n');
    writeFileSync(path.join(root, 'b.md'), Buffer.from('# Doc\n\0\n'));
    const corpus = new Corpus(new FsSource(root), presetLayout('specgate'));
    const one = await planErrata(corpus, { mode: 'apply', rfc: '0999', items: [1] });
    expect(one.outcomes.map((o) => o.status)).toEqual(['applied', 'left']);
    expect(one.problems.filter((p) => p.file === 'b.md')).toEqual([]);
    // The shared findings of the corpus are not truncated to hide what the quiet judge read.
    expect(corpus.problems.map((p) => `${p.file} ${p.ruleId}`)).toContain('b.md parse/binary');
    const two = await planErrata(new Corpus(new FsSource(root), presetLayout('specgate')), { mode: 'apply', rfc: '0999', items: [2] });
    expect(two.outcomes.map((o) => o.status)).toEqual(['left', 'refused']);
    expect(two.problems.map((p) => `${p.file} ${p.ruleId}`)).toEqual(['b.md parse/binary']);
  });
});

describe('errata apply is --fix on the errata rules', () => {
  it("errata check's not-applied finding carries the splice as its fix; the one fixer's pass over those fixes gives what apply writes", async () => {
    const { planPass } = await import('../../scripts/core/engine/fixer.js');
    const errata = '- **`a.md` §B** (`:5`) — replace "old words" with "new words".\n- **`a.md` §B** (`:5`), appended: "One more line."\n- **`a.md` §B** (`:5`), appended: "And a last one."\n';
    const root = repo({ 'a.md': DOC }, errata);
    const check = await plan(root, { mode: 'check' });
    const pending = check.findings.filter((f) => f.ruleId === 'errata/not-applied');
    expect(pending).toHaveLength(3);
    expect(pending.every((f) => f.fix?.edits.length === 1 && f.fix.edits[0]!.file === 'a.md')).toBe(true);
    const pass = planPass(pending, () => DOC, { insertionsInOrder: true });
    expect(pass.deferred).toEqual([]);
    const run = await apply(root);
    expect(run.outcomes.map((o) => o.status)).toEqual(['applied', 'applied', 'applied']);
    expect(readFileSync(path.join(root, 'a.md'), 'utf8')).toBe(pass.texts.get('a.md')!.after);
    expect(readFileSync(path.join(root, 'a.md'), 'utf8')).toBe('# Doc\n\n## §B Versions\n\nThe host sends the new words.\n\nOne more line.\n\nAnd a last one.\n');
  });
});
