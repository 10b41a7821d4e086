import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TableRow } from 'mdast';
import { describe, expect, it } from 'vitest';
import { nodeRange, parseMarkdown, renderedText } from '../../scripts/core/markdown.js';
import { affectedFiles, claimedClass, headerRows } from '../../scripts/compat/rfc-header.js';
import { ANCHOR, PROJECT, describeShared } from '../helpers/env.js';
import { rfc0211 } from './minimal-corpus.js';

/** The header table as remark sees it: field → [rendered value, row range]. */
function viaRemark(text: string) {
  const tree = parseMarkdown('x.md', text).tree;
  const table = tree.children.find((n) => n.type === 'table');
  const out = new Map<string, { text: string; line: number; column: number; endColumn: number }>();
  for (const row of (table?.children ?? []).slice(1) as TableRow[]) {
    const field = renderedText(row.children[0]!).trim();
    const r = nodeRange(row);
    if (!out.has(field)) out.set(field, { text: renderedText(row.children[1]!).replace(/\s+/g, ' ').trim(), line: r.line, column: r.column, endColumn: r.endColumn });
  }
  return out;
}

function agreesWithRemark(text: string): void {
  const ours = headerRows(text);
  const theirs = viaRemark(text);
  expect([...ours.keys()]).toEqual([...theirs.keys()]);
  for (const [field, row] of ours) {
    const t = theirs.get(field)!;
    expect({ field, text: row.text, line: row.range.line, column: row.range.column, endColumn: row.range.endColumn }).toEqual({ field, ...t });
  }
}

describe('RFC header rows (RFC 0001 §B)', () => {
  it('reads the claim, the Affects paths and the row position', () => {
    const rows = headerRows(rfc0211);
    expect(claimedClass(rows.get('Compatibility'))).toBe('additive');
    expect(rows.get('Compatibility')!.range).toMatchObject({ line: 12, column: 1, endLine: 12 });
    const covered = affectedFiles(rows.get('Affects'), ['spec/v2/interop-map.schema.json', 'spec/v2/interop-map.json', 'schemas/v2/run-snapshot.schema.json']);
    expect([...covered.keys()]).toEqual(['spec/v2/interop-map.schema.json', 'spec/v2/interop-map.json']);
    agreesWithRemark(rfc0211);
  });

  it('a folder in Affects covers the files under it; a sibling-repository path covers nothing', () => {
    const text = '# RFC 0300: x\n\n| Field | Value |\n| --- | --- |\n| **Affects** | `spec/v2/` · `other-repo:spec/v2/a.schema.json` |\n';
    const covered = affectedFiles(headerRows(text).get('Affects'), ['spec/v2/a.schema.json', 'schemas/v2/b.schema.json']);
    expect([...covered]).toEqual([['spec/v2/a.schema.json', 'spec/v2/']]);
  });

  it("this project's RFCs, where present, read the same as remark reads them", () => {
    const dir = path.join(PROJECT, 'RFCS');
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
    for (const f of files) agreesWithRemark(readFileSync(path.join(dir, f), 'utf8'));
  });

  it('no table before the first section: no rows', () => {
    expect(headerRows('# RFC 0300: x\n\n## Summary\n\n| Field | Value |\n| --- | --- |\n| Compatibility | additive |\n').size).toBe(0);
  });
});

describeShared('RFC header rows agree with remark on the upstream RFCs (padded and unpadded tables)', () => {
  const dir = path.join(ANCHOR, 'RFCS');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    it(f, () => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      agreesWithRemark(text);
      expect(claimedClass(headerRows(text).get('Compatibility'))).toBe('additive');
    });
  }
});
