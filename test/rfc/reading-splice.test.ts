import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { frameEntry } from '../../scripts/core/replay/cache-entry.js';
import { openParseCache } from '../../scripts/core/cache/parse-cache.js';
import { parseRfcTree } from '../../scripts/core/parse/markdown.js';
import { spliceRfcTree, spliceWork } from '../../scripts/core/parse/markdown-splice.js';
import type { RfcDocument } from '../../scripts/rfc/document.js';
import { lastTreeKey, loadRfcDocument, loadRfcReading } from '../../scripts/rfc/load.js';
import { newTreeEntries } from '../../scripts/rfc/parse-reading.js';
import { PROJECT, projectCorpusCopy, runCli, tempDir } from '../helpers/env.js';

/**
 * A reading-cache miss re-parses only the edited stretch of an RFC, spliced into the tree kept
 * from the file's last parse (docs/decisions/rfc-incremental-parse.md). The reading so made is
 * the full parse's; the kept tree is an authenticated entry like every other (a planted one is a
 * miss); a cold run keeps few of them; and the CLI takes that path after an edit.
 */

const asData = (doc: RfcDocument) => JSON.parse(JSON.stringify(doc)) as unknown;
const own = readdirSync(path.join(PROJECT, 'RFCS')).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort();
const rfc = own.find((f) => !f.startsWith('0000-'))!;
const text0 = readFileSync(path.join(PROJECT, 'RFCS', rfc), 'utf8');
const file = `RFCS/${rfc}`;
const middle = (t: string) => {
  const h = t.indexOf('\n## ', t.length / 2) + 1;
  const eol = t.indexOf('\n', h) + 1;
  return `${t.slice(0, eol)}\nA paragraph added in the middle.\n${t.slice(eol)}`;
};

it('after an edit, the reading comes from a splice into the last tree, and equals the full parse\'s reading', async () => {
  newTreeEntries.left = 4;
  const cache = openParseCache(tempDir(), path.join(tempDir(), 'cache', 'parsed'));
  expect((await loadRfcReading(file, text0, cache)).spliced).toBeUndefined();
  let text = text0;
  for (const edit of [(t: string) => `${t}\nA line appended.\n`, middle, (t: string) => t.replace('A paragraph added', 'A paragraph changed')]) {
    text = edit(text);
    const before = spliceWork.spliced;
    const got = await loadRfcReading(file, text, cache);
    expect(got.source).toBe('parsed');
    expect(got.spliced).toBe(true);
    expect(spliceWork.spliced).toBe(before + 1);
    expect(asData(got.doc)).toEqual(asData((await loadRfcReading(file, text)).doc));
    // The kept entry is the new text and its full tree.
    expect(cache.get(await lastTreeKey(file))).toEqual({ text, tree: JSON.parse(JSON.stringify(parseRfcTree(text))) });
  }
});

it('a planted or forged tree entry is never spliced from: the text is parsed in full, and the entry overwritten', async () => {
  newTreeEntries.left = 4;
  const root = tempDir();
  const dir = path.join(tempDir(), 'cache', 'parsed');
  mkdirSync(dir, { recursive: true });
  const key = await lastTreeKey(file);
  // A lie that a splice would carry into the reading: the old text with the tree of another text of the same shape.
  const lie = JSON.stringify({ text: text0, tree: parseRfcTree(text0.replace(/e/g, 'E')) });
  for (const [i, body] of [Buffer.from(lie), frameEntry('parsed', `${key}.json`, Buffer.from(lie), randomBytes(32))].entries()) {
    // A text no reading was kept for (else the reading is a hit, and nothing is parsed).
    const edited = `${text0}\nA line appended, ${i}.\n`;
    const fresh = asData((await loadRfcReading(file, edited)).doc);
    // Were it believed, the lie would be spliced from (and carried into the reading).
    expect(spliceRfcTree(text0, JSON.parse(lie).tree, edited)).toBeDefined();
    expect(spliceRfcTree(text0, JSON.parse(lie).tree, edited)).not.toEqual(parseRfcTree(edited));
    writeFileSync(path.join(dir, `${key}.json`), body);
    const cache = openParseCache(root, dir);
    const got = await loadRfcReading(file, edited, cache);
    expect(got.spliced).toBeUndefined();
    expect(asData(got.doc)).toEqual(fresh);
    expect(readFileSync(path.join(dir, `${key}.json`))).not.toEqual(body);
    expect(cache.get<{ text: string }>(key)?.text).toBe(edited);
  }
});

it('a process gives a first kept tree to its first few files only (a cold run would write one per RFC)', async () => {
  newTreeEntries.left = 1;
  const dir = path.join(tempDir(), 'cache', 'parsed');
  const cache = openParseCache(tempDir(), dir);
  for (const f of own) await loadRfcReading(`RFCS/${f}`, readFileSync(path.join(PROJECT, 'RFCS', f), 'utf8'), cache);
  expect(readdirSync(dir).filter((f) => f.endsWith('.rfc-tree.json'))).toHaveLength(1);
  // A file that has one keeps it up to date whatever the count.
  const first = `RFCS/${own[0]}`;
  const edited = `${readFileSync(path.join(PROJECT, first), 'utf8')}\nMore.\n`;
  expect((await loadRfcReading(first, edited, cache)).spliced).toBe(true);
  expect(cache.get<{ text: string }>(await lastTreeKey(first))?.text).toBe(edited);
  newTreeEntries.left = 4;
});

it('check after two edits of an RFC splices its reading, with the findings of a run without the cache', async () => {
  const root = projectCorpusCopy();
  const cacheDir = tempDir();
  const run = async (...extra: string[]) => runCli(['check', '-f', 'json', '--debug', ...extra], { cwd: root });
  await run('--cache-location', cacheDir);
  for (const line of ['\nEdited once.\n', '\nEdited twice.\n']) {
    appendFileSync(path.join(root, file), line);
    const warm = await run('--cache-location', cacheDir);
    expect(/debug: work: .*RFC parses spliced 1/.test(warm.stderr), warm.stderr).toBe(true);
    const cold = await run('--no-cache');
    expect(warm.code).toBe(cold.code);
    expect(JSON.parse(warm.stdout).findings).toEqual(JSON.parse(cold.stdout).findings);
  }
}, 60_000);

it('old versions of a file (the html report\'s history) neither splice from nor replace its kept tree', async () => {
  newTreeEntries.left = 4;
  const dir = path.join(tempDir(), 'cache', 'parsed');
  const cache = openParseCache(tempDir(), dir);
  await loadRfcDocument(file, text0, cache);
  expect(readdirSync(dir).filter((f) => f.endsWith('.rfc-tree.json'))).toHaveLength(0);
  await loadRfcReading(file, text0, undefined);
  const current = `${text0}\nCurrent.\n`;
  await loadRfcReading(file, current, cache);
  await loadRfcDocument(file, text0.replace(/^(#+ .*)$/m, '$1 (old)'), cache);
  expect(cache.get<{ text: string }>(await lastTreeKey(file))?.text).toBe(current);
});
