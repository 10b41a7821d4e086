import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { FsSource } from '../../scripts/core/io/source.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { errataPending } from '../../scripts/report/errata-pending.js';
import { rfcWithErrata } from '../errata/helpers.js';
import { runCli, tempDir } from '../helpers/env.js';

/*
 * The report lists the errata pending, judged as `errata check` judges them; what judging them
 * finds reading a target is errata check's to report. It is handed back as a value: the corpus's
 * problems are never cut back (they were, after a quiet errata plan).
 */

/** An Accepted RFC whose one erratum targets spec/bad.md, a file that is not UTF-8. */
function repo(): string {
  const root = tempDir('specgate-report-errata-');
  const files: Record<string, string | Buffer> = {
    'RFCS/0999-errata-case.md': rfcWithErrata('- **`spec/bad.md` §B** (`:5`) — replace "old words" with "new words".\n'),
    'spec/bad.md': Buffer.concat([Buffer.from('# Doc\n\n## §B Versions\n\nThe host sends the old words '), Buffer.from([0xff, 0xfe]), Buffer.from('.\n')]),
  };
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), body);
  }
  return root;
}

describe('errata pending in the report', () => {
  it("hands back what judging found reading a target as its own, and leaves the corpus's problems whole", async () => {
    const corpus = new Corpus(new FsSource(repo()), presetLayout('specgate'));
    corpus.useParseCache = false;
    const got = await errataPending(corpus);
    // The corpus's record of what it read stays whole: a later reader of spec/bad.md meets its problem.
    expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/invalid-utf8', file: 'spec/bad.md' })]);
    expect(got.pending).toEqual([expect.objectContaining({ rfc: '0999', index: 1, detail: 'spec/bad.md could not be read' })]);
    expect(got.problems).toEqual([expect.objectContaining({ ruleId: 'parse/invalid-utf8', file: 'spec/bad.md' })]);
    expect(corpus.problems).toContain(got.problems[0]);
    expect(corpus.text('spec/bad.md')).toBeUndefined();
  });

  it('the report lists the item and says nothing of the target on stderr (errata check does)', async () => {
    const root = repo();
    const r = await runCli(['report', '-f', 'json', '--no-cache'], { cwd: root });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).errataPending).toEqual([expect.objectContaining({ rfc: '0999', index: 1 })]);
    expect(r.stderr).toBe('');
    const check = await runCli(['errata', 'check', '-f', 'json'], { cwd: root });
    expect(check.stdout).toContain('spec/bad.md');
  });
});
