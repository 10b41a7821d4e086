import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseRfcMarkdown } from '../../../scripts/core/parse/markdown.js';
import { readRfc } from '../../../scripts/rfc/read.js';
import { ANCHOR, PROJECT, describeShared } from '../../helpers/env.js';

function types(node: Nodes, out = new Set<string>()): Set<string> {
  out.add(node.type);
  if ('children' in node) for (const child of node.children) types(child as Nodes, out);
  return out;
}

/** RFC documents read from the lean GFM parse must be what the full GFM parse gives. */
function expectSameDocuments(dir: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const file = `RFCS/${f}`;
    expect(readRfc(parseRfcMarkdown(file, text)), f).toEqual(readRfc(parseMarkdown(file, text)));
  }
}

describe('parseRfcMarkdown (the RFC reader’s GFM: tables, task lists, strikethrough)', () => {
  const text = '| Field | Value |\n| --- | --- |\n| RFC | 0042 |\n\n- [x] done\n\n~~resolved~~ see https://example.com/x[^1]\n\n[^1]: a note\n';

  it('reads what the RFC reader reads', () => {
    expect([...types(parseRfcMarkdown('a.md', text).tree)]).toEqual(expect.arrayContaining(['table', 'tableCell', 'listItem', 'delete']));
    expect((parseRfcMarkdown('a.md', text).tree.children[1] as { children: { checked?: boolean }[] }).children[0]!.checked).toBe(true);
  });

  it('leaves bare URLs and footnotes as text, where full GFM (errata) makes a link and a footnote', () => {
    expect(types(parseRfcMarkdown('a.md', text).tree)).not.toContain('link');
    expect(types(parseRfcMarkdown('a.md', text).tree)).not.toContain('footnoteDefinition');
    expect(types(parseMarkdown('a.md', text).tree)).toContain('link');
    expect(types(parseMarkdown('a.md', text).tree)).toContain('footnoteDefinition');
  });

  it("gives the repository's RFCs the documents full GFM gives", () => {
    expectSameDocuments(path.join(PROJECT, 'RFCS'));
  });
});

describeShared('parseRfcMarkdown on the real anchor', () => {
  it('gives every anchor RFC the document full GFM gives', () => {
    expectSameDocuments(path.join(ANCHOR, 'RFCS'));
  });
});
