import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerField, namedRfcs, rfcStatus, type RfcDocument } from '../../scripts/rfc/document.js';
import { loadRfcDocument } from '../../scripts/rfc/load.js';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { readRfc } from '../../scripts/rfc/read.js';
import { resolve } from '../../scripts/rfc/resolve.js';
import { findProseCitations, parseStructuredCitation } from '../../scripts/rfc/citations.js';
import { ANCHOR, PROJECT, describeShared } from '../helpers/env.js';
import { RFC_0211, SAMPLE } from '../checks/rfcs/helpers.js';

/** The section a selector names, or undefined (resolve.ts; an ambiguous selector names the first). */
function findSection(doc: RfcDocument, selector: string) {
  const r = resolve(doc, selector);
  return r.ok ? r.found.section : r.candidates[0]?.section;
}


describe('readRfc', () => {
  const doc = readRfc(parseMarkdown('RFCS/0042-a-sample.md', SAMPLE));

  it('reads the title line and the header table', () => {
    expect(doc.fileNumber).toBe('0042');
    expect(doc.title).toMatchObject({ number: '0042', name: 'A sample', range: { line: 1, column: 1 } });
    expect(doc.header.columns).toEqual(['Field', 'Value']);
    expect(doc.header.rows.map((r) => r.field)).toEqual(['RFC', 'Status', 'Affects', 'Supersedes', 'Superseded by']);
    expect(rfcStatus(doc)).toEqual({ value: 'Draft', range: { line: 6, column: 16, endLine: 6, endColumn: 23 } });
    expect(headerField(doc, 'affects')!.codes.map((c) => c.value)).toEqual(['spec/a.md', 'other:b.md']);
    expect(namedRfcs(headerField(doc, 'Supersedes')!.value)).toEqual([]);
    expect(namedRfcs(headerField(doc, 'Superseded by')!.value)).toEqual(['0050', '0051']);
  });

  it('lists sections a citation can name: §A, a bold label A.2, a numbered heading, heading names', () => {
    expect(doc.sections.filter((s) => s.id).map((s) => [s.id, s.kind, s.range.line])).toEqual([
      ['A', 'heading', 13],
      ['A.2', 'label', 15],
      ['3', 'heading', 17],
    ]);
    expect(findSection(doc, 'A')!.title).toBe('§A — First');
    expect(findSection(doc, 'A.2')!.kind).toBe('label');
    expect(findSection(doc, 'security')!.title).toBe('Security');
    expect(findSection(doc, 'B')).toBeUndefined();
    expect(findSection(doc, 'A.7')).toBeUndefined();
    const a = findSection(doc, 'A')!;
    expect(SAMPLE.slice(a.start, a.end)).toBe('### §A — First\n\n**A.2 A labelled point.** Text.');
  });

  it('reads Errata items, Security lines, unresolved questions, task items and code blocks', () => {
    expect(doc.errata.map((e) => e.range.line)).toEqual([25, 26]);
    expect(doc.errata[1]!.text).toBe('spec/a.md §A (:3) — replace "old" with "new".');
    expect(doc.errata[1]!.source).toBe('- **`spec/a.md` §A** (`:3`) — replace "old" with "new".');
    expect(doc.securityLines).toEqual([
      { id: 'sample-invariant', tier: 'protocol', severity: 'high', section: 'A', range: { line: 30, column: 15, endLine: 30, endColumn: 33 } },
      { id: 'other-one', tier: 'advisory', severity: 'low', range: { line: 30, column: 1, endLine: 30, endColumn: 97 } },
    ]);
    expect(doc.unresolvedQuestions.map((q) => [q.number, q.text])).toEqual([
      [1, 'First?'],
      [2, 'Second?'],
    ]);
    expect(doc.taskItems.map((t) => [t.checked, t.sectionTitle, t.range.line])).toEqual([
      [true, 'Acceptance criteria', 39],
      [false, 'Acceptance criteria', 40],
    ]);
    expect(doc.codeBlocks).toMatchObject([{ lang: 'json', value: '{ "a": 1 }', valueLine: 20, sectionTitle: '3. Numbered' }]);
  });
});

describe('bold labels', () => {
  const text = [
    '# RFC 0042: Labels',
    '',
    '## Proposal',
    '',
    '**D.7 At the top level.** Text.',
    '',
    '- **D.8 In a list item.** Text.',
    '- [ ] **D.9 After a task box.** Text.',
    '',
    '__D.10 With underscores__ and text.',
    '',
    '*D.11 Emphasis is not a label.* Text; nor is a label later in a paragraph: **D.12 No.**',
    '',
  ].join('\n');

  it('are found in paragraphs anywhere, task items included', () => {
    const doc = readRfc(parseMarkdown('RFCS/0042-labels.md', text));
    expect(doc.sections.filter((s) => s.kind === 'label').map((s) => [s.id, s.range.line, s.range.column])).toEqual([
      ['D.7', 5, 1],
      ['D.8', 7, 3],
      ['D.9', 8, 7],
      ['D.10', 10, 1],
    ]);
  });
});

describe('RFC citations', () => {
  it('parses the structured form', () => {
    expect(parseStructuredCitation('0211 §D')).toEqual({ rfc: '0211', section: 'D' });
    expect(parseStructuredCitation('0211 §D.7')).toEqual({ rfc: '0211', section: 'D.7' });
    expect(parseStructuredCitation('0001')).toEqual({ rfc: '0001' });
    expect(parseStructuredCitation('§D')).toBeUndefined();
  });

  it('finds prose citations with their offsets', () => {
    const text = 'RFC 0027 §E. Also RFC 0046/0079, RFC 0211 §A/§B.7 and RFCs 0183 / 0186; not RFC 2026-09-02.';
    const found = findProseCitations(text).map((c) => [c.rfc, c.section ?? null, text.slice(c.start, c.end)]);
    expect(found).toEqual([
      ['0027', 'E', 'RFC 0027 §E'],
      ['0046', null, 'RFC 0046'],
      ['0079', null, '0079'],
      ['0211', 'A', 'RFC 0211 §A'],
      ['0211', 'B.7', 'RFC 0211 §A/§B.7'],
      ['0183', null, 'RFCs 0183'],
      ['0186', null, '0186'],
    ]);
  });
});

describe('GFM', () => {
  it('keeps tables, task items and strikethrough (a tilde-struck question renders without tildes)', async () => {
    const text = '# RFC 0042: X\n\n| Field | Value |\n| --- | --- |\n| **Status** | `Draft` |\n\n## Unresolved questions\n\n1. ~~Old?~~ Resolved.\n\n## Acceptance criteria\n\n- [ ] Open.\n';
    const doc = await loadRfcDocument('RFCS/0042-x.md', text);
    expect(doc.header.rows.map((r) => r.field)).toEqual(['Status']);
    expect(doc.unresolvedQuestions.map((q) => q.text)).toEqual(['Old? Resolved.']);
    expect(doc.taskItems.map((t) => [t.checked, t.range.line])).toEqual([[false, 13]]);
  });

  it("an open question's body is its prose after the bold title, without inline code or struck text", async () => {
    const text = '# RFC 0042: X\n\n## Unresolved questions\n\n1. **Default window.** Keeps `currentWindow` ~~for now~~ as is.\n2. Should it retry? Deferred.\n';
    const doc = await loadRfcDocument('RFCS/0042-x.md', text);
    expect(doc.questions?.items.map((q) => [q.title, q.body.replace(/\s+/g, ' ').trim()])).toEqual([
      ['Default window', 'Keeps as is.'],
      [undefined, 'Should it retry? Deferred.'],
    ]);
  });

  it('reads what the header needs from a table anywhere before the first ## heading, not after it', () => {
    expect(readRfc(parseMarkdown('RFCS/0300-x.md', '# RFC 0300: x\n\n## Summary\n\n| Field | Value |\n| --- | --- |\n| Compatibility | additive |\n')).header.rows).toEqual([]);
  });
});

describe("this project's RFC 0211", () => {
  it('has §A–§F, its Security line and three errata', () => {
    const doc = readRfc(parseMarkdown(RFC_0211, readFileSync(path.join(PROJECT, RFC_0211), 'utf8')));
    for (const s of ['A', 'B', 'C', 'D', 'E', 'F']) expect(findSection(doc, s)?.kind).toBe('heading');
    expect(doc.securityLines.map((l) => [l.id, l.tier, l.severity])).toEqual([['a2a-error-no-existence-oracle', 'protocol', 'high']]);
    expect(doc.errata).toHaveLength(3);
    expect(doc.codeBlocks.some((c) => c.lang === 'json')).toBe(true);
  });
});

describeShared("upstream's RFC 0211 and RFC 0001", () => {
  it('reads the same parts from the upstream files, padded tables included', () => {
    const doc = readRfc(parseMarkdown(RFC_0211, readFileSync(path.join(ANCHOR, RFC_0211), 'utf8')));
    expect(doc.securityLines.map((l) => [l.id, l.tier, l.severity, l.section])).toEqual([['a2a-error-no-existence-oracle', 'protocol', 'high', 'D']]);
    expect(doc.errata).toHaveLength(3);
    const process = readRfc(parseMarkdown('RFCS/0001-rfc-process.md', readFileSync(path.join(ANCHOR, 'RFCS/0001-rfc-process.md'), 'utf8')));
    expect(rfcStatus(process)?.value).toBe('Accepted');
    expect(findSection(process, '3')?.title).toBe('3. Status states');
  });
});
