import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { locateSection } from '../../scripts/errata/locate.js';

function locate(text: string, selector: string) {
  const doc = parseMarkdown('doc.md', text);
  const r = locateSection(doc.tree, doc.text, selector);
  if (!r.ok) return r;
  return { ...r, slice: text.slice(r.section.start, r.section.end), line: doc.lines.at(r.section.start).line };
}

const DOC = `# Doc

## Background

Words.

### §B — Version negotiation

B text.

#### Detail under B

Still B.

### §B.1 Sub

Not B.

### §C Next

**D.6 Push.** Push text.

**D.7 Errors, both directions.** Error text.

| a | b |
| - | - |

A closing paragraph.

**D.8 Extensions.** Other.

## Unresolved questions

1. One?
2. Two?
`;

describe('locating a section', () => {
  it('a heading section runs to the next heading of the same or smaller depth (§B keeps its ####, stops at §B.1)', () => {
    const r = locate(DOC, '§B');
    expect(r).toMatchObject({ ok: true, line: 7, section: { kind: 'heading', title: 'heading "§B — Version negotiation"' } });
    expect((r as { slice: string }).slice).toBe('### §B — Version negotiation\n\nB text.\n\n#### Detail under B\n\nStill B.');
  });

  it('§B does not select §B.1 or "Background"; §B.1 selects only itself', () => {
    expect((locate(DOC, '§B.1') as { slice: string }).slice).toBe('### §B.1 Sub\n\nNot B.');
  });

  it('a bold label section runs to the next label or heading', () => {
    const r = locate(DOC, '§D.7');
    expect(r).toMatchObject({ ok: true, line: 23, section: { kind: 'label' } });
    expect((r as { slice: string }).slice).toBe('**D.7 Errors, both directions.** Error text.\n\n| a | b |\n| - | - |\n\nA closing paragraph.');
    expect((locate(DOC, 'D.8') as { slice: string }).slice).toBe('**D.8 Extensions.** Other.');
  });

  it('UQ2 is item 2 of the "Unresolved questions" list, indented for its marker', () => {
    const r = locate(DOC, 'UQ2');
    expect(r).toMatchObject({ ok: true, line: 35, section: { kind: 'list-item', indent: '   ' } });
    expect((r as { slice: string }).slice).toBe('2. Two?');
  });

  it("UQ<n> is read under the process's title for the questions (`process.sections.unresolvedQuestions`)", () => {
    const text = DOC.replace('## Unresolved questions', '## Open questions');
    const doc = parseMarkdown('doc.md', text);
    const r = locateSection(doc.tree, doc.text, 'UQ2', 'Open questions');
    expect(r).toMatchObject({ ok: true, section: { kind: 'list-item', title: 'UQ2 (item 2 of "Open questions")' } });
    expect(locateSection(doc.tree, doc.text, 'UQ2')).toMatchObject({ ok: false, message: 'UQ2 is item 2 of "Unresolved questions", but there is no "Unresolved questions" heading' });
  });

  it('names what is missing: a section, a list item out of range, a list heading', () => {
    expect(locate(DOC, '§Z')).toMatchObject({ ok: false, ambiguous: false, message: 'no heading or bold label "§Z"' });
    expect(locate(DOC, 'UQ9')).toMatchObject({ ok: false, message: expect.stringContaining('runs 1–2; there is no item 9') });
    expect(locate('# Doc\n\nText.\n', 'UQ1')).toMatchObject({ ok: false, message: expect.stringContaining('there is no "Unresolved questions" heading') });
  });

  it('names every section when a selector matches more than one', () => {
    const r = locate('## §A One\n\nx\n\n## §A Again\n\ny\n', '§A');
    expect(r).toMatchObject({ ok: false, ambiguous: true, message: '"§A" names 2 sections: heading "§A One" (line 1), heading "§A Again" (line 5)' });
  });

  it('a label inside a blockquote keeps the quote marker as its indentation', () => {
    const r = locate('> **N.1 Note.** Text\n> more.\n', 'N.1');
    expect(r).toMatchObject({ ok: true, section: { indent: '> ' } });
  });
});
