import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setCacheLocation } from '../../scripts/core/cache/cache.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { hashWork } from '../../scripts/core/replay/cache-entry.js';
import { FsSource } from '../../scripts/core/io/source.js';
import { buildReport } from '../../scripts/report/build.js';
import { errataPending } from '../../scripts/report/errata-pending.js';
import { PROJECT, tempDir } from '../helpers/env.js';

/*
 * A report with warm caches hashes each file it reads once: the RFC reading keys, the pending
 * errata's key and its check of what judging them read, and the family findings cache all ask
 * the corpus for the one hash of the text the run read (Corpus.contentHash), which the result
 * cache's note of the read has taken already when it records (the same buffer). Counted in what
 * `sha256` was given, never timed.
 */
afterEach(() => setCacheLocation(undefined));

describe('a warm report hashes what it reads once', () => {
  it('this repository: the bytes hashed are those of the files read, once (plus keys)', async () => {
    setCacheLocation(tempDir());
    const run = async () => {
      const corpus = new Corpus(new FsSource(PROJECT), presetLayout('specgate'));
      const before = hashWork.units;
      await buildReport(corpus, { errataPending: (await errataPending(corpus)).pending });
      const read = corpus.filesRead.reduce((n, f) => n + statSync(path.join(PROJECT, f)).size, 0);
      return { hashed: hashWork.units - before, read };
    };
    await run(); // fills the caches
    const warm = await run();
    expect(warm.read).toBeGreaterThan(50_000);
    // Each text once (counted in characters, a little under its bytes), and the keys' few hundred
    // characters each; hashing the RFC texts again for their reading keys was 28,000 more.
    expect(warm.hashed).toBeLessThan(warm.read + 10_000);
  });
});
