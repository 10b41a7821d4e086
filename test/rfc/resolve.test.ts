import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { findRfcCitations } from '../../scripts/rfc/citations.js';
import { exists, resolve } from '../../scripts/rfc/resolve.js';
import { designator, indexSections } from '../../scripts/rfc/sections.js';

/** What a selector resolves to in `text`: the selected source, or the reason it fails. */
function select(text: string, selector: string) {
  const r = resolve(indexSections(parseMarkdown('doc.md', text).tree), selector);
  return r.ok ? { kind: r.found.kind, id: r.found.section?.id, line: r.found.range.line, slice: text.slice(r.found.start, r.found.end) } : { reason: r.reason, ambiguous: r.ambiguous };
}

describe('the section index: every heading and label shape', () => {
  it.each([
    ['### §A14 Upstream sub-section', 'A14'],
    ['#### §A14 At depth four', 'A14'],
    ['### C. SECURITY invariants', 'C'],
    ['### §4 — Numbered with a sign', '4'],
    ['### 3. Numbered', '3'],
    ['## §D — Errors', 'D'],
    ['### §D.7 Nested', 'D.7'],
    ['### D.7 Without the sign', 'D.7'],
  ])('heading %s has id %s, and §id selects it', (heading, id) => {
    const text = `# Doc\n\n${heading}\n\nBody.\n`;
    expect(select(text, `§${id}`)).toEqual({ kind: 'heading', id, line: 3, slice: `${heading}\n\nBody.` });
    expect(select(text, id)).toMatchObject({ kind: 'heading', id });
  });

  it.each([
    ['**D.7 Errors, both directions.** Text.', 'D.7'],
    ['**§C.2 With a sign.** Text.', 'C.2'],
    ['**B. Shapes.** Text.', 'B'],
    ['**§A14 Sub-section.** Text.', 'A14'],
  ])('bold label %s has id %s, and §id selects it', (label, id) => {
    expect(select(`# Doc\n\n${label}\n`, `§${id}`)).toEqual({ kind: 'label', id, line: 3, slice: label });
  });

  it('headings without a designator, bold runs that are not labels, and emphasis have no id', () => {
    expect(designator('Background', 'heading')).toBeUndefined();
    expect(designator('A quick note', 'heading')).toBeUndefined();
    expect(designator('1. First', 'label')).toBeUndefined();
    expect(designator('Note.', 'label')).toBeUndefined();
    const { sections } = indexSections(parseMarkdown('doc.md', '## Background\n\n*D.1 Emphasis.* Text, **D.2 later** in a paragraph.\n').tree);
    expect(sections.map((s) => [s.kind, s.id])).toEqual([['heading', undefined]]);
  });
});

describe('where a section ends', () => {
  it('a heading runs to the next heading of the same or smaller depth, keeping deeper ones', () => {
    const text = '## §B — Version\n\nB.\n\n#### Detail\n\nStill B.\n\n## §B.1 Sub\n\nNot B.\n';
    expect(select(text, '§B')).toMatchObject({ slice: '## §B — Version\n\nB.\n\n#### Detail\n\nStill B.' });
    expect(select(text, '§B.1')).toMatchObject({ slice: '## §B.1 Sub\n\nNot B.' });
  });

  it.each([
    ['B.', '**B. Shapes.** One.\n\nMore of B.\n\n**C. Next.** Two.\n', 'B', '**B. Shapes.** One.\n\nMore of B.'],
    ['B. (over its own B.1)', '**B. Shapes.** One.\n\n**B.1 Inner.** In B.\n\n**C. Next.** Two.\n', 'B', '**B. Shapes.** One.\n\n**B.1 Inner.** In B.'],
    ['B.2', '**B.2 Two.** One.\n\nMore.\n\n**B.3 Three.** Two.\n', 'B.2', '**B.2 Two.** One.\n\nMore.'],
    ['B.2 (at a higher level)', '**B.2 Two.** One.\n\n**C. Next.** Two.\n', 'B.2', '**B.2 Two.** One.'],
    ['§C.2', '**§C.2 Two.** One.\n\n| a |\n| - |\n\n**§C.3 Three.** Two.\n', 'C.2', '**§C.2 Two.** One.\n\n| a |\n| - |'],
    ['D.7', '**D.7 Errors.** One.\n\nClosing.\n\n**D.8 Extensions.** Two.\n', 'D.7', '**D.7 Errors.** One.\n\nClosing.'],
    ['D.7 (at a heading)', '**D.7 Errors.** One.\n\n## Next\n\nTwo.\n', 'D.7', '**D.7 Errors.** One.'],
  ])('a %s label runs to the next label of the same family or a heading', (_shape, text, id, slice) => {
    expect(select(text, id)).toMatchObject({ kind: 'label', slice });
  });

  it('a label in a list item runs to the end of its item', () => {
    expect(select('- **D.8 In an item.** Text.\n- **D.9 Next.** Text.\n', 'D.8')).toMatchObject({ slice: '**D.8 In an item.** Text.' });
  });
});

describe('resolving a selector', () => {
  const DOC = '# Doc\n\n## Background\n\nWords.\n\n### §B — Version\n\nB.\n\n## Security\n\nS.\n\n## Unresolved questions:\n\n1. One?\n2. Two?\n';

  it('by heading name: case-insensitive, whole words, quotes allowed', () => {
    expect(select(DOC, 'security')).toMatchObject({ kind: 'heading', line: 11 });
    expect(select(DOC, '"Background"')).toMatchObject({ kind: 'heading', line: 3 });
    expect(select(DOC, 'Back')).toEqual({ reason: 'no heading or bold label "Back"', ambiguous: false });
  });

  it('§B names §B, not "Background"', () => {
    expect(select(DOC, '§B')).toMatchObject({ kind: 'heading', line: 7 });
  });

  it('UQ2 is item 2 of the numbered list under "Unresolved questions"', () => {
    expect(select(DOC, 'UQ2')).toEqual({ kind: 'list-item', id: undefined, line: 18, slice: '2. Two?' });
  });

  it('a miss says why', () => {
    expect(select(DOC, '§Z')).toEqual({ reason: 'no heading or bold label "§Z"', ambiguous: false });
    expect(select(DOC, 'UQ9')).toEqual({ reason: 'UQ9: the "Unresolved questions" list (line 17) runs 1–2; there is no item 9', ambiguous: false });
    expect(select('# Doc\n', 'UQ1')).toEqual({ reason: 'UQ1 is item 1 of "Unresolved questions", but there is no "Unresolved questions" heading', ambiguous: false });
    expect(select('## Unresolved questions\n\nNone.\n', 'UQ1')).toEqual({ reason: 'UQ1: the "Unresolved questions" section (line 1) has no numbered list', ambiguous: false });
    expect(select(DOC, '§')).toMatchObject({ reason: expect.stringContaining('empty') });
  });

  it('an ambiguous selector names every place', () => {
    expect(select('## §A One\n\nx\n\n## §A Again\n\ny\n', '§A')).toEqual({ reason: '"§A" names 2 sections: heading "§A One" (line 1), heading "§A Again" (line 5)', ambiguous: true });
  });
});

describe('citations resolve as a reader would (exists)', () => {
  const index = (text: string) => indexSections(parseMarkdown('doc.md', text).tree);
  const doc = [
    '# RFC 0300: X',
    '',
    '### §C — Promotion to Accepted',
    '',
    '### Host-RPC',
    '',
    '## Implementation notes (non-normative)',
    '',
    '1. **F1.** A bold item label inside a list is a section.',
    '2. **F2:** So is this one.',
    '',
    '**Negative example (rejected at validation).** A bold run without a designator.',
    '',
    'Open spec gaps:',
    '',
    '- one',
  ].join('\n');

  it.each([
    ['"Promotion to Accepted"', true],
    ['"promotion to accepted"', true],
    ['C', true],
    ['Host-RPC', true],
    ['Implementation-notes', true],
    ['F1', true],
    ['F2', true],
    ['"Negative example (rejected at validation)"', true],
    ['"Open spec gaps"', true],
    ['"Promotion"', true],
    ['"Promo"', false],
    ['"Status states"', false],
    ['F3', false],
    ['Host', false],
  ])('§%s exists: %s', (section, found) => {
    expect(exists(index(doc), section)).toBe(found);
  });
});

describe('citations in RFC prose (findRfcCitations)', () => {
  const cite = (text: string) => findRfcCitations(text, []).flatMap((c) => (c.section ? [`${c.rfc ?? 'self'} ${c.section}`] : []));

  it('reads RFC NNNN §X, quoted names across a line break, files and chains', () => {
    expect(cite('per RFC 0001 §"Promotion\n  to Accepted." and RFC 0147 §A.2/§A.5, RFC 0032 §B.1 + §B.3')).toEqual(['0001 "Promotion to Accepted"', '0147 A.2', '0147 A.5', '0032 B.1', '0032 B.3']);
    expect(cite('see `RFCS/0001-rfc-process.md` §"Promotion to Accepted", [RFC 0037](./0037-x.md) §"Open spec gaps", RFCs/0001 §3')).toEqual(['0001 "Promotion to Accepted"', '0037 "Open spec gaps"', '0001 3']);
    expect(cite('the annex cites RFC 0119 §Host-RPC.')).toEqual(['0119 Host-RPC']);
  });

  it("reads a bare designator as the RFC's own section only when nothing else is named", () => {
    expect(cite('Hosts MUST apply the §F escalation rules; this RFC\'s §D.5 covers it (see §2.2).')).toEqual(['self F', 'self D.5', 'self 2.2']);
    expect(cite('the §D-vs-fork contradiction')).toEqual(['self D']);
    expect(cite('A2A §9.5, Apache-2.0 §3, GOVERNANCE §"Deployed", `ai-envelope.md` §"Trust boundary", §10 of the originating handoff')).toEqual([]);
    expect(cite('Per `COMPATIBILITY.md` §2.1 and §2.2: additive.')).toEqual([]);
    expect(cite('### §A — Heading\n\n**§B.1 Label.** Text.')).toEqual([]);
    expect(findRfcCitations('x `RFC 0001 §Z` y', [[2, 16]])).toEqual([]);
  });
});
