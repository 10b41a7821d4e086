import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCacheLocation } from '../../scripts/core/cache/cache.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { frameEntry } from '../../scripts/core/replay/cache-entry.js';
import { buildReport } from '../../scripts/report/build.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import type { FileEdit } from '../helpers/overlay.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * The report's answers derived from a YAML document (invariant ids per RFC, the OpenAPI
 * operations) are kept with the documents' texts (report/kept-answer.ts): a warm report reads
 * neither document's value (counted: `corpus.data` is not asked for them). An edit of a document
 * is a new answer; a planted or forged entry is a miss (the answer is computed again); a document
 * with a finding keeps no answer, so every run says the finding.
 */
const LAYOUT = presetLayout('specgate');
const INVARIANTS = LAYOUT.invariants;

afterEach(() => {
  setCacheLocation(undefined);
  vi.restoreAllMocks();
});

async function report(cacheDir: string, files: Record<string, FileEdit> = {}) {
  setCacheLocation(cacheDir);
  const corpus = new Corpus(new OverlaySource(PROJECT, files), LAYOUT);
  const data = vi.spyOn(corpus, 'data');
  const model = await buildReport(corpus);
  const asked = data.mock.calls.map((c) => c[0]);
  data.mockRestore();
  return { model, asked, problems: corpus.problems };
}

const invariantsOf = (m: Awaited<ReturnType<typeof buildReport>>) => m.rfcs.map((r) => [r.number, r.invariants]);

describe('the report keeps what it derives from the YAML documents with their texts', () => {
  it('a warm report reads neither document\'s value, and says the same', async () => {
    const cacheDir = tempDir();
    const cold = await report(cacheDir);
    expect(cold.asked).toContain(INVARIANTS);
    expect(invariantsOf(cold.model).some(([, ids]) => (ids as string[]).length > 0)).toBe(true);
    const warm = await report(cacheDir);
    expect(warm.asked).toEqual([]);
    expect(warm.model).toEqual(cold.model);
  });

  it('an edit of the invariants file is a new answer', async () => {
    const cacheDir = tempDir();
    await report(cacheDir);
    const renamed = await report(cacheDir, { [INVARIANTS]: (t) => t.replace('id: a2a-error-no-existence-oracle', 'id: a2a-error-renamed') });
    expect(renamed.asked).toContain(INVARIANTS);
    expect(JSON.stringify(invariantsOf(renamed.model))).toContain('a2a-error-renamed');
    expect(JSON.stringify(invariantsOf(renamed.model))).not.toContain('a2a-error-no-existence-oracle');
  });

  it('a planted or forged entry is a miss: the answer is computed from the document', async () => {
    const cacheDir = tempDir();
    const fresh = await report(cacheDir);
    const dir = path.join(cacheDir, 'report');
    const names = readdirSync(dir);
    expect(names.length).toBe(2);
    // The lie: every RFC carries a made-up invariant, and the OpenAPI document a million operations.
    for (const name of names) {
      const lie = readFileSync(path.join(dir, name), 'utf8').includes('[') ? JSON.stringify(fresh.model.rfcs.map((r) => [r.number, ['planted']])) : '1000000';
      for (const body of [Buffer.from(lie), frameEntry('report', name, Buffer.from(lie), randomBytes(32))]) {
        writeFileSync(path.join(dir, name), body);
        const got = await report(cacheDir);
        expect(got.model).toEqual(fresh.model);
        expect(got.asked.length).toBe(1);
      }
    }
  });

  it('an invariants file with a finding keeps no answer: every run says the finding', async () => {
    const cacheDir = tempDir();
    const broken = { [INVARIANTS]: (t: string) => `${t}\n  - id: [unclosed\n` };
    for (let run = 0; run < 2; run++) {
      const got = await report(cacheDir, broken);
      expect(got.asked).toContain(INVARIANTS);
      expect(got.problems.map((p) => [p.ruleId, p.file])).toContainEqual(['parse/syntax', INVARIANTS]);
    }
  });
});
