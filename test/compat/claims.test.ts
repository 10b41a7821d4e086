import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { affectedFiles, claimedClass } from '../../scripts/compat/claims.js';
import { headerField } from '../../scripts/rfc/document.js';
import { parseMarkdown } from '../../scripts/core/parse/markdown.js';
import { readRfc } from '../../scripts/rfc/read.js';
import { ANCHOR, describeShared } from '../helpers/env.js';
import { rfc0211 } from './minimal-corpus.js';

/** Compat reads an RFC's header with the one RFC reader (scripts/rfc/). */
const header = (text: string) => readRfc(parseMarkdown('RFCS/0300-x.md', text));

describe("an RFC's claim and Affects paths (RFC 0001 §B)", () => {
  it('reads the claim, the Affects paths and the row position', () => {
    const doc = header(rfc0211);
    const compat = headerField(doc, 'Compatibility');
    expect(claimedClass(compat)).toBe('additive');
    expect(compat!.range).toMatchObject({ line: 12, column: 1, endLine: 12 });
    const covered = affectedFiles(headerField(doc, 'Affects'), ['spec/v2/interop-map.schema.json', 'spec/v2/interop-map.json', 'schemas/v2/run-snapshot.schema.json']);
    expect([...covered.keys()]).toEqual(['spec/v2/interop-map.schema.json', 'spec/v2/interop-map.json']);
  });

  it('a folder in Affects covers the files under it; a sibling-repository path covers nothing', () => {
    const text = '# RFC 0300: x\n\n| Field | Value |\n| --- | --- |\n| **Affects** | `spec/v2/` · `other-repo:spec/v2/a.schema.json` |\n';
    const covered = affectedFiles(headerField(header(text), 'Affects'), ['spec/v2/a.schema.json', 'schemas/v2/b.schema.json']);
    expect([...covered]).toEqual([['spec/v2/a.schema.json', 'spec/v2/']]);
  });

  it('no table before the first section: no claim', () => {
    expect(claimedClass(headerField(header('# RFC 0300: x\n\n## Summary\n\n| Field | Value |\n| --- | --- |\n| Compatibility | additive |\n'), 'Compatibility'))).toBeUndefined();
  });

  it('a claim written in bold or code still reads as its first word, lower-cased', () => {
    expect(claimedClass(headerField(header('# RFC 0300: x\n\n| Field | Value |\n| --- | --- |\n| **Compatibility** | **`Breaking`** — removes a field |\n'), 'Compatibility'))).toBe('breaking');
  });
});

describeShared("upstream's RFCs all claim additive (padded and unpadded tables)", () => {
  const dir = path.join(ANCHOR, 'RFCS');
  for (const f of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : []) {
    it(f, () => {
      expect(claimedClass(headerField(header(readFileSync(path.join(dir, f), 'utf8')), 'Compatibility'))).toBe('additive');
    });
  }
});
