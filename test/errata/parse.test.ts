import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { mentionsErrata, readRfcErrata } from '../../scripts/errata/parse.js';
import { ANCHOR, describeShared } from '../helpers/env.js';
import { rfcWithErrata } from './helpers.js';

function read(errata: string, status = 'Accepted') {
  return readRfcErrata(parseMarkdown('RFCS/0999-x.md', rfcWithErrata(errata, status)));
}

describeShared('reading the errata of the upstream RFC 0211 (markdown as its authors wrote it)', () => {
  const file = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
  // Read in beforeAll, not while collecting: without ../shared the suite is skipped, not broken.
  let text = '';
  let rfc: ReturnType<typeof readRfcErrata>;
  beforeAll(() => {
    text = readFileSync(path.join(ANCHOR, file), 'utf8');
    rfc = readRfcErrata(parseMarkdown(file, text));
  });

  it('reads the status and all three items, none unreadable', () => {
    expect(rfc).toMatchObject({ rfc: '0211', status: 'Accepted', hasErrata: true, unreadable: [] });
    expect(rfc.errata).toHaveLength(3);
  });

  it('item 1: an append to RFC 0152 UQ4 through an abbreviated path, the emphasis and quotes stripped, inline code kept', () => {
    expect(rfc.errata[0]).toMatchObject({
      index: 1,
      item: { line: 94, column: 1 },
      label: 'RFC 0152 UQ4',
      targetPath: 'RFCS/0152-…',
      section: 'UQ4',
      lineHint: 89,
      hintRange: { line: 94, column: 21, endColumn: 37 },
      op: 'append',
    });
    expect(rfc.errata[0]!.new).toMatch(/^Erratum 2026-09-23 \(RFC 0211 §E\): `supportedVersions\[\]` cannot sit in `google\.rpc\.ErrorInfo\.metadata`, which is `map<string,string>`\./);
    expect(rfc.errata[0]!.new).toMatch(/`supportedInterfaces\[\]\.protocolVersion` is authoritative\.$/);
  });

  it('items 2 and 3: replacements in spec/v1/a2a-integration.md §B and §D.7, the path taken from the bold target', () => {
    expect(rfc.errata[1]).toMatchObject({
      label: 'spec/v1/a2a-integration.md §B',
      targetPath: 'spec/v1/a2a-integration.md',
      section: '§B',
      lineHint: 346,
      op: 'replace',
      old: "and upstream's `supportedVersions[]` in the error detail",
      new: 'and, SHOULD, `ErrorInfo.metadata.supportedVersions` as a comma-joined string (RFC 0211 §E); a client falls back to the card',
    });
    expect(rfc.errata[2]).toMatchObject({
      section: '§D.7',
      lineHint: 491,
      old: '(and `supportedVersions[]` for version errors)',
      new: '(and `metadata.supportedVersions`, a comma-joined string, for version errors — RFC 0211 §E)',
    });
  });
});

describe('reading errata items', () => {
  it('takes quotes inside inline code as code, not as the end of a quotation', () => {
    const r = read('- **`doc.md` §B** (`:3`) — replace "as `"1.0,0.3"` text" with "as `"1.0"` only".\n');
    expect(r.errata[0]).toMatchObject({ old: 'as `"1.0,0.3"` text', new: 'as `"1.0"` only' });
  });

  it('accepts typographic quotes, an en dash, an ASCII "..." abbreviation and a missing hint', () => {
    const r = read('- **`doc.md` §B** – replace \u201cold words\u201d with \u201cnew words\u201d.\n- **RFC 0152 UQ2** (`RFCS/0152-...:9`), appended: "Plain note."\n');
    expect(r.unreadable).toEqual([]);
    expect(r.errata[0]).toMatchObject({ old: 'old words', new: 'new words' });
    expect(r.errata[0]!.lineHint).toBeUndefined();
    expect(r.errata[1]).toMatchObject({ targetPath: 'RFCS/0152-...', section: 'UQ2', lineHint: 9, new: 'Plain note.' });
  });

  it('a bold RFC target with no path resolves to that RFC by number', () => {
    expect(read('- **RFC 0152 UQ4**, appended: *"Note."*\n').errata[0]).toMatchObject({ targetPath: 'RFCS/0152-…', section: 'UQ4' });
  });

  it.each([
    ['- **`doc.md` §B** (`:3`) — change "a" to "b".', 'no operation'],
    ['- **`doc.md` §B** (`:3`) — replace "a" by "b".', 'no `" with "`'],
    ['- **`doc.md` §B** (`:3`) — replace "a" with "b" with "c".', 'more than one `" with "`'],
    ['- **`doc.md` §B** (`:3`) — replace "a" with "b". And more.', 'unexpected text after the new text'],
    ['- **`doc.md` §B** (`:3`), appended: *"note*', 'no closing quote'],
    ['- **`doc.md` §B** (`:3`), appended: note', 'must be quoted'],
    ['- **`doc.md` §B** (`:3`) — replace "" with "b".', 'the replaced text is empty'],
    ['- **`a.md` §B** (`b.md:3`) — replace "a" with "b".', 'the target names a.md but the hint names b.md'],
    ['- **Somewhere** — replace "a" with "b".', 'no target file'],
    ['- (`:3`) — replace "a" with "b".', 'no target before the operation'],
  ])('names an item it cannot read, with the reason: %s', (item, reason) => {
    const r = read(`${item}\n- **\`doc.md\` §B** (\`:3\`) — replace "x" with "y".\n`);
    expect(r.unreadable).toEqual([expect.objectContaining({ index: 1, item: expect.objectContaining({ line: 9 }), reason: expect.stringContaining(reason) })]);
    expect(r.errata.map((e) => e.index)).toEqual([2]);
  });

  it('an item of several blocks is unreadable, not half-read', () => {
    const r = read('- **`doc.md` §B** (`:3`) — replace "a" with "b".\n\n  More words.\n');
    expect(r.unreadable[0]?.reason).toMatch(/one paragraph/);
  });

  it('reads the status from the header table and no errata when there is no ## Errata', () => {
    expect(read('- **`doc.md` §B** — replace "a" with "b".\n', 'Draft').status).toBe('Draft');
    const none = readRfcErrata(parseMarkdown('RFCS/0998-y.md', '# RFC 0998: Y\n\n## Summary\n\nText.\n'));
    expect(none).toMatchObject({ rfc: '0998', hasErrata: false, errata: [], unreadable: [] });
  });

  it("reads the errata under the process's title (`process.sections.errata`)", () => {
    const text = rfcWithErrata('- **`doc.md` §B** — replace "a" with "b".\n').replace('## Errata', '## Corrections');
    expect(mentionsErrata(text)).toBe(false);
    expect(mentionsErrata(text, 'Corrections')).toBe(true);
    expect(readRfcErrata(parseMarkdown('RFCS/0999-x.md', text)).hasErrata).toBe(false);
    const renamed = readRfcErrata(parseMarkdown('RFCS/0999-x.md', text), 'Corrections');
    expect(renamed).toMatchObject({ hasErrata: true, unreadable: [] });
    expect(renamed.errata).toHaveLength(1);
  });
});
