import { appendFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openParseCache } from '../../scripts/core/cache/parse-cache.js';
import { DEFAULT_TITLES } from '../../scripts/rfc/document.js';
import { loadRfcDocument, readerFingerprint } from '../../scripts/rfc/load.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import { SAMPLE } from '../checks/rfcs/helpers.js';

// tempDir() folders are removed when the file ends (test/helpers/temp-dirs.ts).
const tmp = tempDir;

describe('loading an RFC through the parse cache', () => {
  it('caches every document, however few; a hit equals the miss, with its own file name', async () => {
    const dir = path.join(tmp(), 'cache');
    const cache = openParseCache(tmp(), dir);
    const miss = await loadRfcDocument('RFCS/0042-a-sample.md', SAMPLE, cache);
    expect(readdirSync(dir)).toHaveLength(1);
    const hit = await loadRfcDocument('RFCS/0042-a-sample.md', SAMPLE, cache);
    expect(hit).toEqual(JSON.parse(JSON.stringify(miss)));
    const copy = await loadRfcDocument('RFCS/0043-a-copy.md', SAMPLE, cache);
    expect(copy).toMatchObject({ file: 'RFCS/0043-a-copy.md', fileNumber: '0043', title: { number: '0042' } });
    expect(readdirSync(dir)).toHaveLength(1);
    await loadRfcDocument('RFCS/0042-a-sample.md', `${SAMPLE}\nMore.\n`, cache);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('a hit is what is stored: the entry is read, not re-parsed', async () => {
    const dir = path.join(tmp(), 'cache');
    const cache = openParseCache(tmp(), dir);
    await loadRfcDocument('RFCS/0042-a-sample.md', SAMPLE, cache);
    const key = readdirSync(dir)[0]!.replace(/\.json$/, '');
    cache.set(key, { ...cache.get<object>(key), errata: [] });
    expect((await loadRfcDocument('RFCS/0042-a-sample.md', SAMPLE, cache)).errata).toEqual([]);
    expect((await loadRfcDocument('RFCS/0042-a-sample.md', SAMPLE)).errata).toHaveLength(2);
  });

  it('the process\'s section titles are part of the key: a renamed title reads the document anew, never another run\'s entry', async () => {
    const dir = path.join(tmp(), 'cache');
    const cache = openParseCache(tmp(), dir);
    const file = 'RFCS/0042-a-sample.md';
    const preset = await loadRfcDocument(file, SAMPLE, cache);
    expect(preset.errata).toHaveLength(2);
    expect(preset.questions).toBeDefined();
    const renamed = { ...DEFAULT_TITLES, errata: 'Corrections', unresolvedQuestions: 'Open questions' };
    // Same text, other titles: a second entry, read under the new titles (there is no such section).
    const other = await loadRfcDocument(file, SAMPLE, cache, renamed);
    expect(readdirSync(dir)).toHaveLength(2);
    expect(other.errata).toEqual([]);
    expect(other.questions).toBeUndefined();
    // The text written with the new titles reads as the preset's did, from its own entry.
    const text = SAMPLE.replace('## Errata', '## Corrections').replace('## Unresolved questions', '## Open questions');
    for (let i = 0; i < 2; i++) {
      const doc = await loadRfcDocument(file, text, cache, renamed);
      expect(doc.errata.map((e) => e.text)).toEqual(preset.errata.map((e) => e.text));
      expect(doc.questions?.items.map((q) => q.text)).toEqual(preset.questions?.items.map((q) => q.text));
      expect(doc.unresolvedQuestionsTitle).toBe('Open questions');
    }
    expect(readdirSync(dir)).toHaveLength(3);
    expect((await loadRfcDocument(file, SAMPLE, cache)).errata).toHaveLength(2);
  });

  it("the key changes with any change to the reader's code or its parser's, so no stale entry is served", () => {
    const copy = path.join(tmp(), 'scripts');
    cpSync(path.join(PROJECT, 'scripts/rfc'), path.join(copy, 'rfc'), { recursive: true });
    cpSync(path.join(PROJECT, 'scripts/core/model/position.ts'), path.join(copy, 'core/model/position.ts'));
    cpSync(path.join(PROJECT, 'scripts/core/parse/markdown.ts'), path.join(copy, 'core/parse/markdown.ts'));
    const before = readerFingerprint(path.join(copy, 'rfc'), '.ts');
    expect(readerFingerprint(path.join(copy, 'rfc'), '.ts')).toBe(before);
    appendFileSync(path.join(copy, 'rfc/read.ts'), '\n// changed\n');
    const afterRead = readerFingerprint(path.join(copy, 'rfc'), '.ts');
    expect(afterRead).not.toBe(before);
    appendFileSync(path.join(copy, 'core/model/position.ts'), '\n// changed\n');
    const afterPosition = readerFingerprint(path.join(copy, 'rfc'), '.ts');
    expect(afterPosition).not.toBe(afterRead);
    // The RFC parser's GFM subset (core/parse/markdown.ts) makes the tree the reading is read from.
    appendFileSync(path.join(copy, 'core/parse/markdown.ts'), '\n// changed\n');
    const afterParser = readerFingerprint(path.join(copy, 'rfc'), '.ts');
    expect(afterParser).not.toBe(afterPosition);
    // The Markdown container caps: an entry's `withinCaps` says the text passed these caps.
    cpSync(path.join(PROJECT, 'scripts/core/parse/markdown-bounds.ts'), path.join(copy, 'core/parse/markdown-bounds.ts'));
    const withCaps = readerFingerprint(path.join(copy, 'rfc'), '.ts');
    expect(withCaps).not.toBe(afterParser);
    appendFileSync(path.join(copy, 'core/parse/markdown-bounds.ts'), '\n// changed\n');
    expect(readerFingerprint(path.join(copy, 'rfc'), '.ts')).not.toBe(withCaps);
  });
});
