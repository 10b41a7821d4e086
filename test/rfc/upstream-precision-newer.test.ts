import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Finding } from '../../scripts/core/model/findings.js';
import { ANCHOR, SHARED, describeShared, tempDir } from '../helpers/env.js';
import { checkFindings } from '../helpers/check-families.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * Upstream's newer RFCs (../shared/anchors/openwop-rfcs-2, 0169–0189) laid with the 59 older ones
 * over openwop-v2 (84 RFCs), checked under --preset openwop. Every finding on the 21 was read
 * against the RFC and upstream's RFC 0001 (docs/decisions/precision-newer-rfcs.md has the reading
 * and the figures, first contact and final); a change in this list means the reader or a rule changed.
 */
describeShared("rfcs on upstream's newer RFCs 0169–0189, beside the older 63 (--preset openwop)", () => {
  let root: string;
  let found: Finding[];
  const newer = (f: Finding) => /^RFCS\/01(69|7\d|8\d)-/.test(f.file);
  const list = (id: string, keep: (f: Finding) => boolean = newer) => found.filter((f) => f.ruleId === id && keep(f)).map((f) => `${f.file.slice(5, 9)}:${f.line} ${f.messageId}`);
  beforeAll(async () => {
    root = tempDir('specgate-upstream-newer-');
    cpSync(ANCHOR, root, { recursive: true });
    for (const extra of ['anchors/openwop-rfcs/RFCS', 'anchors/openwop-rfcs-2/RFCS']) {
      const dir = path.join(SHARED, extra);
      for (const f of readdirSync(dir)) cpSync(path.join(dir, f), path.join(root, 'RFCS', f));
    }
    found = await checkFindings(new OverlaySource(root), { families: ['rfcs', 'invariants'], preset: 'openwop' });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('citations: only 0176\'s falsifiability row citing §A.6 (§A runs §A.1–§A.5); bold labels inside paragraphs, numbered table rows, §Unresolved-N and the documents bare § mean all resolve', () => {
    expect(list('rfcs/cited-section-exists')).toEqual(['0176:124 own']);
    // With RFC 0174 present, the older RFC 0208's "RFC 0174 §A.4" resolves (a bold label in 0174's §A).
    expect(list('rfcs/cited-section-exists', (f) => !newer(f)).length).toBe(9);
    expect(found.filter((f) => f.ruleId === 'invariants/cited-section-exists')).toEqual([]);
  });

  it('RFC 0173 supersedes RFC 0035 whole, and 0035 does not name it back', () => {
    expect(list('rfcs/supersedes-reciprocal')).toEqual(['0173:13 notNamedBack']);
  });

  it("open questions: only 0182's question 2 records no position (\"A `fields` projection facet … (alternative 2).\"); recorded positions and deferrals with a place are not reported", () => {
    expect(list('rfcs/unresolved-before-active')).toEqual(['0182:66 noStance']);
  });

  it('sections RFC 0001 §6 lists that an RFC lacks (warnings; `## Unresolved` counts as the questions section)', () => {
    const missing = found.filter((f) => f.ruleId === 'rfcs/required-sections' && newer(f)).map((f) => `${f.file.slice(5, 9)} ${/"([^"]+)"/.exec(f.message)![1]}`);
    expect(missing).toEqual([
      '0179 Implementation notes',
      '0180 Implementation notes',
      '0183 References',
      '0184 Implementation notes',
      '0184 References',
      '0185 Alternatives considered',
      '0185 Implementation notes',
      '0185 References',
      '0186 Alternatives considered',
      '0186 Implementation notes',
      '0186 References',
      '0188 Implementation notes',
      '0188 References',
      '0189 Implementation notes',
      '0189 References',
    ]);
  });

  it('nothing else on the newer RFCs', () => {
    const other = found.filter((f) => newer(f) && !['rfcs/cited-section-exists', 'rfcs/supersedes-reciprocal', 'rfcs/unresolved-before-active', 'rfcs/required-sections'].includes(f.ruleId));
    expect(other.map((f) => `${f.ruleId} ${f.file}:${f.line}`)).toEqual([]);
  });
});
