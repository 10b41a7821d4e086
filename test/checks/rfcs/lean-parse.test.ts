import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../scripts/core/markdown.js';
import { readRfc } from '../../../scripts/checks/rfcs/rfc-document.js';
import { loadRfcDocument } from '../../../scripts/checks/rfcs/rfc-load.js';
import { ANCHOR, PROJECT, describeShared } from '../../helpers/env.js';

/** The RFC gates parse with a narrowed GFM; what they extract must equal what full remark-gfm gives. */
async function sameAsFullGfm(root: string): Promise<number> {
  const files = readdirSync(path.join(root, 'RFCS')).filter((f) => f.endsWith('.md'));
  for (const f of files) {
    const rel = `RFCS/${f}`;
    const text = readFileSync(path.join(root, rel), 'utf8');
    const full = JSON.parse(JSON.stringify(readRfc(parseMarkdown(rel, text))));
    const lean = JSON.parse(JSON.stringify(await loadRfcDocument(rel, text)));
    expect(lean, rel).toEqual(full);
  }
  return files.length;
}

describe('the RFC parser', () => {
  it("extracts from this project's RFCs exactly what full GFM does", async () => {
    expect(await sameAsFullGfm(PROJECT)).toBeGreaterThan(0);
  });

  it('keeps tables, task items and strikethrough (a tilde-struck question renders without tildes)', async () => {
    const text = '# RFC 0042: X\n\n| Field | Value |\n| --- | --- |\n| **Status** | `Draft` |\n\n## Unresolved questions\n\n1. ~~Old?~~ Resolved.\n\n## Acceptance criteria\n\n- [ ] Open.\n';
    const doc = await loadRfcDocument('RFCS/0042-x.md', text);
    expect(doc.header.rows.map((r) => r.field)).toEqual(['Status']);
    expect(doc.unresolvedQuestions.map((q) => q.text)).toEqual(['Old? Resolved.']);
    expect(doc.taskItems.map((t) => [t.checked, t.range.line])).toEqual([[false, 13]]);
  });
});

describeShared("upstream's RFCs", () => {
  it('extracts exactly what full GFM does', async () => {
    expect(await sameAsFullGfm(ANCHOR)).toBeGreaterThan(0);
  });
});
