import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { frameEntry } from '../../scripts/core/replay/cache-entry.js';
import { openCache } from '../../scripts/core/cache/cache.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { openParseCache } from '../../scripts/core/cache/parse-cache.js';
import type { RfcDocument } from '../../scripts/rfc/document.js';
import { loadRfcReading, readingKey } from '../../scripts/rfc/load.js';
import { describeShared, runCli, SHARED, tempDir } from '../helpers/env.js';
import { upstreamRepo } from '../report/upstream-repo.js';

/**
 * An RFC's reading (its RfcDocument: header rows, sections, citations, questions, task items,
 * code blocks, each with its source range) is cached per RFC by its text, the reader's code and
 * library versions and the process's titles, through the one entry layer (CacheStore). These
 * tests hold what that promises on the shared upstream RFCs, read in place: a hit is the fresh
 * reading, an edit misses, a planted or forged entry is a miss, and a run after one edit parses
 * one RFC.
 */

const FOLDERS = ['anchors/openwop-rfcs/RFCS', 'anchors/openwop-rfcs-2/RFCS', 'anchors/openwop-v2/RFCS'];
const TITLES = presetLayout('openwop').process.sections;

function sharedRfcs(): Array<{ file: string; text: string }> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(SHARED, folder))
      .filter((f) => /^\d{4}-.*\.md$/.test(f))
      .sort()
      .map((f) => ({ file: `RFCS/${f}`, text: readFileSync(path.join(SHARED, folder, f), 'utf8') })),
  );
}

/** The reading as a later run gets it: what survives JSON (an absent field and an undefined one are the same). */
const asData = (doc: RfcDocument) => JSON.parse(JSON.stringify(doc)) as unknown;

describeShared('the RFC reading cache, on the shared upstream RFCs', () => {
  it('a cached reading equals a fresh one, for every shared RFC (and the second load parses nothing)', async () => {
    const rfcs = sharedRfcs();
    expect(rfcs.length).toBeGreaterThan(60);
    const cache = openParseCache(tempDir(), path.join(tempDir(), 'cache', 'parsed'));
    for (const { file, text } of rfcs) {
      // The miss parses and reads the text afresh (and stores it); the hit is the stored entry.
      const fresh = await loadRfcReading(file, text, cache, TITLES);
      expect(fresh.source).toBe('parsed');
      const hit = await loadRfcReading(file, text, cache, TITLES);
      expect(hit.source, file).toBe('cached');
      expect(asData(hit.doc), file).toEqual(asData(fresh.doc));
    }
  }, 120_000);

  it('an edited RFC misses, and its reading is the edited text\'s; the others hit', async () => {
    const rfcs = sharedRfcs().slice(0, 12);
    const cache = openParseCache(tempDir(), path.join(tempDir(), 'cache', 'parsed'));
    for (const { file, text } of rfcs) await loadRfcReading(file, text, cache, TITLES);
    const edited = rfcs[5]!;
    const text = `${edited.text}\n## Edited section\n\nA line the cache has not seen.\n`;
    const sources: string[] = [];
    for (const r of rfcs) {
      const got = await loadRfcReading(r.file, r === edited ? text : r.text, cache, TITLES);
      sources.push(got.source);
      if (r === edited) {
        expect(got.doc.sections.at(-1)?.title).toBe('Edited section');
        expect(asData(got.doc)).toEqual(asData((await loadRfcReading(r.file, text, undefined, TITLES)).doc));
      }
    }
    expect(sources.filter((s) => s === 'parsed')).toHaveLength(1);
    expect(sources[5]).toBe('parsed');
  }, 60_000);

  it('a planted or forged entry under the right key is a miss: the RFC is read from its text, and the entry is overwritten', async () => {
    const { file, text } = sharedRfcs().find((r) => r.text.includes('## Unresolved'))!;
    const root = tempDir();
    const dir = path.join(tempDir(), 'cache');
    const key = `${await readingKey(text, TITLES)}.json`;
    const fresh = (await loadRfcReading(file, text, undefined, TITLES)).doc;
    const lie = JSON.stringify({ ...asData(fresh) as object, header: { columns: [], rows: [] }, questions: undefined, sections: [] });
    mkdirSync(path.join(dir, 'parsed'), { recursive: true });
    const cache = () => openParseCache(root, path.join(dir, 'parsed'));
    // Planted as bare JSON (a committed cache folder), then framed under a secret that is not the user's.
    for (const body of [Buffer.from(lie), frameEntry('parsed', key, Buffer.from(lie), randomBytes(32))]) {
      writeFileSync(path.join(dir, 'parsed', key), body);
      const got = await loadRfcReading(file, text, cache(), TITLES);
      expect(got.source).toBe('parsed');
      expect(asData(got.doc)).toEqual(asData(fresh));
      // Overwritten with the user's own entry: the next run hits it.
      expect(readFileSync(path.join(dir, 'parsed', key))).not.toEqual(body);
      expect((await loadRfcReading(file, text, cache(), TITLES)).source).toBe('cached');
    }
    // An authenticated entry of another kind or key is not this one either.
    const store = openCache(root, dir)!;
    store.set('parsed', 'other.json', lie);
    writeFileSync(path.join(dir, 'parsed', key), readFileSync(path.join(dir, 'parsed', 'other.json')));
    expect((await loadRfcReading(file, text, cache(), TITLES)).source).toBe('parsed');
  });

  it('a full check of upstream\'s corpus after one RFC is edited parses that RFC alone and reads the rest from their cached readings', async () => {
    const root = upstreamRepo({ config: { preset: 'openwop' } });
    const rfcs = readdirSync(path.join(root, 'RFCS')).filter((f) => /^\d{4}-.*\.md$/.test(f) && !f.startsWith('0000-')).length;
    // A cache folder of this test's own: the first run starts cold whatever ran before (entries are keyed by content).
    const cacheDir = tempDir();
    const work = async () => {
      const r = await runCli(['check', '--debug', '--cache-location', cacheDir], { cwd: root });
      expect(r.code, r.stderr).toBeLessThan(2);
      return /debug: work: (.*)/.exec(r.stderr)?.[1];
    };
    expect(await work()).toBe(`Markdown caps checked ${rfcs}, RFC readings parsed ${rfcs}`);
    appendFileSync(path.join(root, 'RFCS', '0003-agent-packs.md'), '\nEdited once.\n');
    // The container caps too are checked for the edited text alone (the others' readings say they hold).
    expect(await work()).toBe(`RFC readings cached ${rfcs - 1}, Markdown caps checked 1, RFC readings parsed 1`);
  }, 120_000);
});
