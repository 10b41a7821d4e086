import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFamilies } from '../../scripts/checks/registry.js';
import { setConcurrency } from '../../scripts/core/base/concurrency.js';
import type { Concurrency } from '../../scripts/core/base/concurrency.js';
import { runFamilies } from '../../scripts/core/engine/engine.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { planErrata } from '../../scripts/errata/run.js';
import { loadRfcSet, MAX_RFC_BYTES } from '../../scripts/rfc/set.js';
import { PROJECT } from '../helpers/env.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * The per-run cap on RFC text (MAX_RFC_BYTES, rfc/set.ts), met through its seam (a lowered cap
 * passed to the first loadRfcSet of the run), so the corpus stays small: the project's four RFCs
 * and six renumbered copies of its RFC 0001 after them by name.
 */
const own = readdirSync(path.join(PROJECT, 'RFCS')).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort();
const ownBytes = own.reduce((n, f) => n + readFileSync(path.join(PROJECT, 'RFCS', f)).length, 0);
const template = readFileSync(path.join(PROJECT, 'RFCS', '0001-rfc-process.md'), 'utf8');
const pads: Record<string, string> = {};
for (let i = 1; i <= 6; i++) {
  const n = String(9000 + i);
  // each copy with one mistake (a status no process knows), so a file not read hides a finding
  pads[`RFCS/${n}-copy.md`] = template.replace('`Accepted`', '`Acepted`').replace(/^# RFC 0001:/m, `# RFC ${n}:`).replace(/^(\|\s*(?:\*\*)?RFC(?:\*\*)?\s*\|\s*)0001(\s*\|)/m, `$1${n}$2`);
}
const padBytes = Buffer.byteLength(Object.values(pads)[0]!);
const padFiles = Object.keys(pads);

async function run(cap: number | undefined, workers: Concurrency) {
  setConcurrency(workers);
  const corpus = new Corpus(new OverlaySource(PROJECT, pads), presetLayout('specgate'));
  corpus.useParseCache = false;
  const set = cap === undefined ? await loadRfcSet(corpus) : await loadRfcSet(corpus, cap);
  const { findings } = await runFamilies({ corpus, families: await loadFamilies(['rfcs']) });
  return { findings, set, corpus };
}

afterEach(() => setConcurrency('auto'));

describe('hostile bounds: RFC text per run', () => {
  it(`the RFC text a run reads is capped (${MAX_RFC_BYTES} bytes): past it one located finding, the rest not read, the run's other findings unchanged`, async () => {
    // room for the project's RFCs and two copies: the third copy passes the cap
    const cap = ownBytes + 2 * padBytes + Math.floor(padBytes / 2);
    const whole = await run(undefined, 'off');
    const capped = await run(cap, 'off');
    const cut = padFiles.slice(2);
    const limits = capped.findings.filter((f) => f.ruleId === 'limits/too-much-rfc-text');
    expect(limits).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'RFCS/9003-copy.md',
        line: 1,
        message: `this RFC file (${padBytes} bytes) would bring the RFC text read this run past ${cap} bytes (the per-run RFC cap; ${ownBytes + 2 * padBytes} bytes read in ${own.length + 2} RFC files): it and the 3 RFC files of RFCS/ not read yet (RFCS/9004-copy.md to RFCS/9006-copy.md by name) are not checked (specgate input limits)`,
      }),
    ]);
    // the files before the cap were read and parsed; the one that passed it was read (its size) but not parsed; the rest were not read
    expect(capped.corpus.work.get('RFC readings parsed')).toBe(own.length + 2);
    for (const f of cut.slice(1)) expect(capped.corpus.cachedText(f)).toBeUndefined();
    // every other finding is the uncapped run's, but those in the files not read
    const key = (f: { ruleId: string; file: string; line: number; column: number; message: string }) => `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.message}`;
    const expected = whole.findings.filter((f) => !cut.includes(f.file)).map(key);
    expect(capped.findings.filter((f) => f.ruleId !== 'limits/too-much-rfc-text').map(key)).toEqual(expected);
    // and the uncapped run did find things in those files: the cut hid something real
    expect(whole.findings.some((f) => cut.includes(f.file))).toBe(true);
  });

  it('the parse workers look ahead only as far as the cap: the same cut with workers forced on', async () => {
    const cap = ownBytes + 2 * padBytes + Math.floor(padBytes / 2);
    const off = await run(cap, 'off');
    const on = await run(cap, 2);
    expect(on.corpus.work.get('RFC parse workers')).toBe(2);
    expect(on.findings).toEqual(off.findings);
    for (const f of padFiles.slice(3)) expect(on.corpus.cachedText(f)).toBeUndefined();
  });

  it('clean control: a run whose RFC text is exactly the cap reads everything', async () => {
    const { findings, corpus } = await run(ownBytes + padFiles.length * padBytes, 'off');
    expect(findings.filter((f) => f.ruleId.startsWith('limits/'))).toEqual([]);
    expect(corpus.work.get('RFC readings parsed')).toBe(own.length + padFiles.length);
  });

  it("errata's selection of RFCs reads under the same cap (it read every RFC's text, past both RFC caps)", async () => {
    const errata = async (cap?: number) => {
      const corpus = new Corpus(new OverlaySource(PROJECT, {}), presetLayout('specgate'));
      corpus.useParseCache = false;
      if (cap !== undefined) await loadRfcSet(corpus, cap);
      return planErrata(corpus, { mode: 'check' });
    };
    // RFC 0211, the project's one RFC with errata, is last by name: a cap short of it leaves errata nothing to judge
    const before0211 = own.filter((f) => f < '0211').reduce((n, f) => n + readFileSync(path.join(PROJECT, 'RFCS', f)).length, 0);
    const whole = await errata();
    const capped = await errata(before0211 + 100);
    expect(whole.outcomes.length).toBeGreaterThan(0);
    expect(capped.outcomes).toEqual([]);
    expect(capped.problems).toEqual([expect.objectContaining({ ruleId: 'limits/too-much-rfc-text', file: 'RFCS/0211-a2a-error-details-are-errorinfo.md' })]);
  });
});
