import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { loadFamilies } from '../../../scripts/checks/registry.js';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { runFamilies } from '../../../scripts/core/engine/engine.js';
import type { Finding } from '../../../scripts/core/model/findings.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { SHARED, describeShared } from '../../helpers/env.js';
import { OverlaySource } from '../../helpers/overlay.js';

/*
 * A second real RFC process: the `eip` preset (scripts/presets/eip.json, configuration only) over
 * the 31 real EIPs of ../shared/anchors/eips, read in place (no parse cache, nothing written).
 * Every finding below was judged against EIP-1's text (docs/decisions/eip-process.md, which has
 * the table per rule and what eipw reports of the same files); a change in a list means a rule,
 * the reader or the preset changed.
 */
const ROOT = path.join(SHARED, 'anchors/eips');

describeShared('the eip preset on 31 real EIPs (EIP-1, read in place)', () => {
  let found: Finding[];
  const of = (id: string) => found.filter((f) => f.ruleId === id).map((f) => `${path.posix.basename(f.file, '.md')}:${f.line} ${f.messageId}${f.messageId === 'missingField' || f.messageId === 'missing' ? ` ${/"([^"]+)"/.exec(f.message)![1]}` : ''}`);
  beforeAll(async () => {
    const corpus = new Corpus(new OverlaySource(ROOT), presetLayout('eip'));
    corpus.useParseCache = false;
    found = (await runFamilies({ corpus, families: await loadFamilies(['rfcs']), options: {}, severities: {} })).findings;
  }, 120_000);

  it('cites EIP-1 and its sections, never upstream RFC 0001', () => {
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) expect(f.message, f.message).toMatch(/\(EIP-1 §[^)]*\)$/);
    expect(found.some((f) => /RFC 0001|before Active/.test(f.message))).toBe(false);
  });

  it('names its documents EIPs, as EIP-1 does: no message calls one an RFC', () => {
    const said = found.map((f) => f.message.replace(/ \(EIP-1 §[^)]*\)$/, ''));
    expect(said.filter((m) => /\bRFCs?\b/.test(m))).toEqual([]);
    expect(said).toContain('no "Abstract" section, which every EIP has');
    expect(said).toContain('no "Test Cases" section, which an EIP has when category is "Core"');
  });

  it('the preamble: missing required fields, a missing withdrawal-reason, fields out of order (true by EIP-1 §EIP Header Preamble; eipw preamble-req, preamble-req-withdrawal-reason, preamble-order)', () => {
    expect(of('rfcs/header-table')).toEqual([
      'eip-1:1 missingField description', // EIP-1 itself predates its description and discussions-to headers
      'eip-1:1 missingField discussions-to',
      'eip-1:6 orderField', // author after type
      'eip-1474:1 missingField description',
      'eip-1559:1 missingField description',
      'eip-165:1 missingField description',
      'eip-165:1 missingField discussions-to',
      'eip-165:7 orderField', // status after type and category
      'eip-2124:1 missingField description',
      'eip-2228:1 missingField description',
      'eip-234:1 missingField description',
      'eip-234:8 orderField',
      'eip-2711:1 missingField description',
      'eip-2711:1 missingFieldWhen', // Withdrawn without withdrawal-reason
      'eip-2929:1 missingField description',
      'eip-2930:1 missingField description',
      'eip-721:1 missingField description',
      'eip-721:8 orderField',
      'eip-758:1 missingField description',
      'eip-758:1 missingField discussions-to',
      'eip-758:7 orderField',
      'eip-777:1 missingField title', // the Moved stub: true by EIP-1's letter, a redirect in practice
      'eip-777:1 missingField description',
      'eip-777:1 missingField author',
      'eip-777:1 missingField discussions-to',
      'eip-777:1 missingField type',
      'eip-777:1 missingField created',
      'eip-777:4 orderField',
    ]);
  });

  it('statuses, values, lengths: the Moved stub, four titles over 44 characters (eipw preamble-enum-status, preamble-len-title)', () => {
    expect(of('rfcs/status-known')).toEqual(['eip-777:4 unknown']);
    expect(of('rfcs/row-values')).toEqual(['eip-2124:3 tooLong', 'eip-2228:3 tooLong', 'eip-2464:3 tooLong', 'eip-758:3 tooLong']);
  });

  it('every date, number and file name is right (multi-word statuses, unpadded numbers, eip-N.md, no title line)', () => {
    expect(of('rfcs/dates-valid')).toEqual([]);
    expect(of('rfcs/number-matches')).toEqual([]);
  });

  it("sections: those every EIP has, and a Core EIP's Test Cases (EIP-1 §What belongs in a successful EIP?; eipw markdown-req-section, not the Test Cases)", () => {
    expect(of('rfcs/required-sections')).toEqual([
      'eip-1:1 missing Abstract', // the process document, a Living Meta EIP
      'eip-1:1 missing Specification',
      'eip-1:1 missing Rationale',
      'eip-1:1 missing Security Considerations',
      'eip-1474:1 missing Security Considerations',
      'eip-1559:1 missing Rationale',
      'eip-1559:1 missingWhen',
      'eip-165:1 missing Security Considerations',
      'eip-2124:1 missing Security Considerations',
      'eip-2228:1 missing Security Considerations',
      'eip-234:1 missing Security Considerations',
      'eip-2718:1 missingWhen',
      'eip-2930:1 missingWhen',
      'eip-4895:1 missingWhen',
      'eip-5069:1 missing Abstract',
      'eip-5069:1 missing Specification',
      'eip-5069:1 missing Rationale',
      'eip-5069:1 missing Security Considerations',
      'eip-721:1 missing Security Considerations',
      'eip-758:1 missing Security Considerations',
      'eip-7688:1 missingWhen',
      'eip-777:1 missing Abstract',
      'eip-777:1 missing Specification',
      'eip-777:1 missing Rationale',
      'eip-777:1 missing Security Considerations',
      'eip-777:1 missing Copyright',
    ]);
  });

  it('cited EIPs: each one reported is missing from the folder (a sample of the repository), and no citation of an EIP the folder has is', () => {
    const here = new Set(readdirSync(path.join(ROOT, 'EIPS')).map((f) => /^eip-(\d+)\.md$/.exec(f)?.[1]));
    const cited = found.filter((f) => f.ruleId === 'rfcs/cited-rfc-exists');
    expect(cited.filter((f) => f.messageId === 'row').map((f) => `${path.posix.basename(f.file, '.md')}:${f.line}`)).toEqual(['eip-165:9', 'eip-7688:11']);
    expect(cited.filter((f) => f.messageId === 'link')).toHaveLength(37);
    for (const f of cited) {
      const n = /names (\d+)/.exec(f.message)![1]!;
      expect(here.has(n), f.message).toBe(false);
    }
  });

  it("first mentions of another EIP without a link (EIP-1 §Linking to other EIPs: \"MUST be accompanied by a relative markdown link the first time it is referenced\"; eipw markdown-link-first)", () => {
    expect(of('rfcs/citation-linked')).toEqual([
      'eip-1:25 unlinked', // `[EIP-90]`: a reference link with no definition, so plain text
      'eip-2711:17 unlinked',
      'eip-2711:95 unlinked',
      'eip-2929:159 unlinked',
      'eip-721:33 unlinked', // ERC-20
      'eip-721:255 unlinked', // ERC-165
      'eip-721:295 unlinked', // ERC-223, ERC-677, ERC-827: GitHub issues, not EIP files (false)
      'eip-721:295 unlinked',
      'eip-721:295 unlinked',
      'eip-721:327 unlinked', // ERC-777
      'eip-721:359 unlinked', // EIP-173
      'eip-7949:48 unlinked', // EIP-4844, beside a link to EIP-7840
    ]);
  });

  it('the rules the preset leaves off say nothing', () => {
    for (const id of ['rfcs/title-row-matches', 'rfcs/updated-newest-first', 'rfcs/supersedes-reciprocal', 'rfcs/affects-paths-exist', 'rfcs/acceptance-boxes', 'rfcs/unresolved-before-active', 'rfcs/cited-section-exists']) expect(of(id), id).toEqual([]);
  });
});
