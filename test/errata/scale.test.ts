import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { planErrata } from '../../scripts/errata/run.js';
import { rfcWithErrata } from './helpers.js';
import { MemorySource } from './memory-source.js';

/*
 * Errata work is linear in items plus target size (issue 35: `errata apply` 79 s, `errata check`
 * 45 s, quadratic). The work is counted, not timed: how many times the target's section index is
 * built and how many characters are rendered, for one run of many items against one large target.
 */
const work = vi.hoisted(() => ({ indexes: 0, rendered: 0, parsed: [] as string[] }));

vi.mock('../../scripts/core/parse/markdown.js', async (original) => {
  const m = await original<typeof import('../../scripts/core/parse/markdown.js')>();
  return { ...m, parseMarkdown: (...args: Parameters<typeof m.parseMarkdown>) => (work.parsed.push(args[0]), m.parseMarkdown(...args)) };
});

vi.mock('../../scripts/rfc/sections.js', async (original) => {
  const m = await original<typeof import('../../scripts/rfc/sections.js')>();
  return { ...m, indexSections: (...args: Parameters<typeof m.indexSections>) => (work.indexes++, m.indexSections(...args)) };
});

vi.mock('../../scripts/errata/rendered.js', async (original) => {
  const m = await original<typeof import('../../scripts/errata/rendered.js')>();
  return {
    ...m,
    render: (...args: Parameters<typeof m.render>) => {
      const r = m.render(...args);
      work.rendered += r.text.length;
      return r;
    },
  };
});

const ITEMS = 300;

/** A target of `ITEMS` small sections and padding to about 100 KB, and an RFC of `ITEMS` items. */
function corpus(item: (i: number) => string) {
  let doc = '# Target\n\n## Padding\n\n' + 'Padding words that no erratum names, in a long paragraph.\n\n'.repeat(1000);
  for (let i = 0; i < ITEMS; i++) doc += `### §Z${i} — Section\n\nParagraph ${i} with *emphasis*, \`code\` and words to find.\n\n`;
  const errata = Array.from({ length: ITEMS }, (_, i) => item(i)).join('');
  const source = new MemorySource({ 'doc.md': doc, 'RFCS/0999-scale.md': rfcWithErrata(errata) });
  return { corpus: new Corpus(source, presetLayout('specgate')), doc };
}

describe('errata at scale: work linear in items plus target size', () => {
  beforeEach(() => {
    work.indexes = 0;
    work.rendered = 0;
    work.parsed = [];
  });

  it('the RFC is read from its one parsed document: a run over a corpus that parsed it (the rfcs gates) parses it no second time', async () => {
    const { corpus: c } = corpus((i) => `- **\`doc.md\` §Z${i}** — replace "Paragraph ${i} with" with "Paragraph ${i} now with".\n`);
    const doc = await c.markdown('RFCS/0999-scale.md');
    expect(work.parsed).toEqual(['RFCS/0999-scale.md']);
    const run = await planErrata(c, { mode: 'check' });
    expect(run.rfcs[0]!.errata).toHaveLength(ITEMS);
    expect(run.rfcs[0]!.file).toBe(doc!.file);
    // The target once; the RFC not again (main: a second parse of an "errata view" of its text).
    expect(work.parsed.filter((f) => f === 'RFCS/0999-scale.md')).toHaveLength(1);
  });

  it(`${ITEMS} replacements in one 100 KB target: its section index is built twice (the target, the re-parse), each section rendered once`, async () => {
    const { corpus: c, doc } = corpus((i) => `- **\`doc.md\` §Z${i}** — replace "Paragraph ${i} with" with "Paragraph ${i} now with".\n`);
    const run = await planErrata(c, { mode: 'apply' });
    expect(run.outcomes.filter((o) => o.status === 'applied')).toHaveLength(ITEMS);
    expect(run.changes).toHaveLength(1);
    // The RFC's own index (errata/parse.ts), the target's, the re-parsed target's: main built 2 per item.
    expect(work.indexes).toBeLessThanOrEqual(3);
    // Each item's section, before and after: a few times the target at most, not items × target.
    expect(work.rendered).toBeLessThan(2 * doc.length);
  });

  it(`${ITEMS} items whose text drifted, in the whole document: the search for the closest wording stops at its budget`, async () => {
    const { MAX_CLOSEST_CELLS, closestBudgetLeft } = await import('../../scripts/errata/closest.js');
    const { corpus: c, doc } = corpus((i) => `- **\`doc.md\`** — replace "Paragraph ${i} without emphasis words" with "Paragraph ${i} now".\n`);
    const run = await planErrata(c, { mode: 'check' });
    const drift = run.findings.filter((f) => f.ruleId === 'errata/text-drift');
    expect(drift).toHaveLength(ITEMS);
    // The document is rendered once, not once per item (main: 300 × 100 KB).
    expect(work.rendered).toBeLessThan(2 * doc.length);
    expect(closestBudgetLeft()).toBeLessThanOrEqual(0);
    expect(MAX_CLOSEST_CELLS - closestBudgetLeft()).toBeLessThan(MAX_CLOSEST_CELLS + 2 * doc.length);
    // The first items still name the closest wording; the rest are refused without it.
    expect(drift[0]!.message).toContain('the closest wording in the section is "Paragraph 0 with emphasis,"');
    expect(drift[ITEMS - 1]!.message).not.toContain('closest wording');
  });

  it('a clean control: a few drifting items each get the closest wording (the budget starts again every run)', async () => {
    for (let round = 0; round < 2; round++) {
      const source = new MemorySource({ 'doc.md': '# T\n\n## §A — Replies\n\nThe host answers with an error.\n', 'RFCS/0999-scale.md': rfcWithErrata('- **`doc.md` §A** — replace "The host replies with an error" with "The host responds".\n') });
      const run = await planErrata(new Corpus(source, presetLayout('specgate')), { mode: 'check' });
      expect(run.findings.map((f) => f.message)).toEqual([expect.stringContaining('the closest wording in the section is "The host answers with an error')]);
    }
  });
});
