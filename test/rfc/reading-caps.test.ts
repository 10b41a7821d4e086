import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCache, setCacheLocation } from '../../scripts/core/cache/cache.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import { frameEntry } from '../../scripts/core/replay/cache-entry.js';
import { readerProcess } from '../../scripts/rfc/document.js';
import { loadRfcReading, readingKey, toEntry } from '../../scripts/rfc/load.js';
import { loadRfcSet } from '../../scripts/rfc/set.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import { OverlaySource } from '../helpers/overlay.js';

/*
 * The Markdown container caps (core/parse/markdown-bounds.ts) are a pass over every line of every
 * RFC a run reads. A reading kept in the cache for a text that was checked first says so
 * (`withinCaps`, in the authenticated entry, the caps' code in its key), and a later run of the
 * same text does not pass over it again: after one RFC is edited, one pass. Counted through the
 * corpus's work (`check --debug`), never timed. An entry the user's run did not write, or one
 * written without the check (the html's history reads old versions without it), vouches for
 * nothing: the too-complex text is still one finding and is never parsed.
 */

const LAYOUT = presetLayout('specgate');
const TITLES = readerProcess(LAYOUT.process);
const FILE = 'RFCS/0211-a2a-error-details-are-errorinfo.md';
const CAPS = 'Markdown caps checked';

afterEach(() => setCacheLocation(undefined));

/** A run of the RFC set over this repository's RFCs with `files` laid over them, with the cache in `cacheDir`. */
async function readAll(cacheDir: string, files: Record<string, string> = {}): Promise<Corpus> {
  setCacheLocation(cacheDir);
  const corpus = new Corpus(new OverlaySource(PROJECT, files), LAYOUT);
  await (await loadRfcSet(corpus)).all();
  return corpus;
}

/** 128 KiB of nested lists closed by a shallower item after the RFC's text: past the container budget (a parse would take minutes). */
function tooComplex(): string {
  let text = readFileSync(path.join(PROJECT, FILE), 'utf8');
  for (let i = 0; Buffer.byteLength(text) < 128 * 1024 - 64; i++) text += `- a${i}\n  - b\n`;
  return text;
}

describe('the container caps are checked once per text, kept with the reading', () => {
  it('a warm run checks no RFC text against the caps, and after one edit checks that one alone', async () => {
    const cacheDir = tempDir();
    const cold = await readAll(cacheDir);
    const rfcs = cold.work.get('RFC readings parsed')!;
    expect(rfcs).toBeGreaterThan(2);
    expect(cold.work.get(CAPS)).toBe(rfcs);
    const warm = await readAll(cacheDir);
    expect(warm.work.get('RFC readings cached')).toBe(rfcs);
    expect(warm.work.get(CAPS) ?? 0).toBe(0);
    const edited = await readAll(cacheDir, { [FILE]: `${readFileSync(path.join(PROJECT, FILE), 'utf8')}\nEdited once.\n` });
    expect(edited.work.get(CAPS)).toBe(1);
    expect(edited.work.get('RFC readings parsed')).toBe(1);
    expect(edited.problems).toEqual([]);
  });

  it('an entry that says the caps hold is believed only from the user\'s own run of that check: planted, forged or written without it, the text is still a finding', async () => {
    const cacheDir = tempDir();
    const text = tooComplex();
    const key = `${await readingKey(text, TITLES)}.json`;
    // What the entry would hold: a clean document (that of the RFC as committed), and the claim.
    const clean = (await loadRfcReading(FILE, readFileSync(path.join(PROJECT, FILE), 'utf8'), undefined, TITLES)).doc;
    const claim = JSON.stringify(toEntry(clean, true));
    mkdirSync(path.join(cacheDir, 'parsed'), { recursive: true });
    const store = openCache(PROJECT, cacheDir)!;
    const unchecked = () => {
      // Authenticated, but written by a reader that did not check the caps (as the html's history does).
      store.set('parsed', key, JSON.stringify(toEntry(clean)));
      return readFileSync(path.join(cacheDir, 'parsed', key));
    };
    for (const entry of [Buffer.from(claim), frameEntry('parsed', key, Buffer.from(claim), randomBytes(32)), unchecked()]) {
      writeFileSync(path.join(cacheDir, 'parsed', key), entry);
      setCacheLocation(cacheDir);
      const corpus = new Corpus(new OverlaySource(PROJECT, { [FILE]: text }), LAYOUT);
      expect(await (await loadRfcSet(corpus)).read(FILE)).toBeUndefined();
      expect(corpus.problems).toEqual([expect.objectContaining({ ruleId: 'parse/markdown-too-complex', messageId: 'budget', file: FILE })]);
      expect(corpus.work.get(CAPS)).toBe(1);
    }
  });

  it('a reading kept without the check is checked once, then kept saying the caps hold', async () => {
    const cacheDir = tempDir();
    const text = readFileSync(path.join(PROJECT, FILE), 'utf8');
    const key = `${await readingKey(text, TITLES)}.json`;
    mkdirSync(path.join(cacheDir, 'parsed'), { recursive: true });
    const doc = (await loadRfcReading(FILE, text, undefined, TITLES)).doc;
    openCache(PROJECT, cacheDir)!.set('parsed', key, JSON.stringify(toEntry(doc)));
    const read = async () => {
      setCacheLocation(cacheDir);
      const corpus = new Corpus(new OverlaySource(PROJECT), LAYOUT);
      const got = await (await loadRfcSet(corpus)).read(FILE);
      expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(doc)));
      return corpus.work;
    };
    const first = await read();
    expect(first.get(CAPS)).toBe(1);
    expect(first.get('RFC readings cached')).toBe(1);
    const second = await read();
    expect(second.get(CAPS) ?? 0).toBe(0);
    expect(second.get('RFC readings cached')).toBe(1);
  });
});
