import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { locateSection } from '../../scripts/errata/locate.js';
import { SHARED, describeShared } from '../helpers/env.js';

/*
 * The labels of upstream's newer RFCs are selectors an erratum can target too (one resolver for
 * citations and errata): a bold label inside a paragraph, and a numbered row of a section's table.
 * Read in place from ../shared/anchors/openwop-rfcs-2.
 */
const text = (file: string) => readFileSync(path.join(SHARED, 'anchors/openwop-rfcs-2/RFCS', file), 'utf8');
const locate = (file: string, selector: string) => {
  const t = text(file);
  const r = locateSection(parseMarkdown(file, t).tree, t, selector);
  return r.ok ? { kind: r.section.kind, nodes: r.section.nodes.map((n) => n.type), at: t.slice(r.section.start, r.section.start + 24) } : { error: r.message };
};

describeShared("errata selectors on upstream's newer RFCs", () => {
  it('RFC 0174 §A.3 is the bold label inside §A\'s paragraph; its section starts at the label, in that paragraph', () => {
    expect(locate('0174-v2-governance.md', '§A.3')).toEqual({ kind: 'label', nodes: ['paragraph'], at: '**§A.3** A number is nev' });
  });

  it("RFC 0172 §B.3 is row 3 of §B's numbered table", () => {
    expect(locate('0172-v2-versioning-and-release.md', '§B.3')).toEqual({ kind: 'list-item', nodes: ['tableRow'], at: '| 3 | `engineVersion` | ' });
  });

  it('RFC 0176 §A.6 is not there (§A runs §A.1–§A.5)', () => {
    expect(locate('0176-v2-persisted-data-and-coexistence.md', '§A.6')).toEqual({ error: 'no heading or bold label "§A.6"' });
  });
});
