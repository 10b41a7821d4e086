import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setCacheLocation } from '../../../scripts/core/cache/cache.js';
import { Corpus } from '../../../scripts/core/parse/corpus.js';
import { parseYaml } from '../../../scripts/core/parse/yaml-tree.js';
import { presetLayout } from '../../../scripts/core/preset/layout.js';
import { frameEntry } from '../../../scripts/core/replay/cache-entry.js';
import { PROJECT, tempDir } from '../../helpers/env.js';
import { OverlaySource } from '../../helpers/overlay.js';

/*
 * A YAML document's value and its tree of source ranges are kept as two authenticated entries of
 * the parse cache: a run that needs no position (a report, a clean check) reads the value alone.
 * The tree entry is read when a position is asked for; missing, torn, planted or forged, it is
 * the tree of a fresh parse of the same text (never a tree the user's run did not write).
 */
const FILE = 'invariants/invariants.yaml';
const text = readFileSync(path.join(PROJECT, FILE), 'utf8');
const fresh = parseYaml(FILE, text);
/** Pointers of a few entries and fields of the file, and where a fresh parse puts them. */
const POINTERS = ['/invariants/0', '/invariants/0/id', '/invariants/3/rfcs/0'].filter((p) => fresh.locate(p).foundPointer === p);

afterEach(() => setCacheLocation(undefined));

function load(cacheDir: string) {
  setCacheLocation(cacheDir);
  const corpus = new Corpus(new OverlaySource(PROJECT), presetLayout('specgate'));
  return corpus.yaml(FILE)!;
}

const entryFiles = (cacheDir: string) => readdirSync(path.join(cacheDir, 'parsed'));

describe('the YAML parse cache keeps the value and the tree apart', () => {
  it('a warm run reads the value; the tree only when a position is asked for, and then it is the parse\'s', () => {
    expect(POINTERS.length).toBeGreaterThan(1);
    const cacheDir = tempDir();
    load(cacheDir);
    const files = entryFiles(cacheDir);
    expect(files.filter((f) => f.endsWith('.tree.yaml.json'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.yaml.json'))).toHaveLength(2);
    const warm = load(cacheDir);
    expect(warm.value).toEqual(fresh.value);
    // The tree entry goes after the value was read: a position is still found, from a fresh parse.
    const treeFile = path.join(cacheDir, 'parsed', files.find((f) => f.endsWith('.tree.yaml.json'))!);
    const tree = readFileSync(treeFile);
    rmSync(treeFile);
    for (const p of POINTERS) expect(warm.locate(p)).toEqual(fresh.locate(p));
    // With the entry back, a warm run's positions come from it, and are the same.
    writeFileSync(treeFile, tree);
    const again = load(cacheDir);
    for (const p of POINTERS) expect(again.locate(p, 'key')).toEqual(fresh.locate(p, 'key'));
  });

  it('a planted or forged tree or value entry is a miss: positions and value are the parse\'s', () => {
    const cacheDir = tempDir();
    load(cacheDir);
    const files = entryFiles(cacheDir);
    const treeName = files.find((f) => f.endsWith('.tree.yaml.json'))!;
    const valueName = files.find((f) => f.endsWith('.yaml.json') && !f.endsWith('.tree.yaml.json'))!;
    // A lie about where everything is (every node at offset 0) and about the value.
    const lyingTree = JSON.stringify({ kind: 'object', start: 0, end: 1, entries: [] });
    const lyingValue = JSON.stringify({ value: { invariants: [] } });
    for (const [name, lie] of [[treeName, lyingTree], [valueName, lyingValue]] as const) {
      const original = readFileSync(path.join(cacheDir, 'parsed', name));
      for (const body of [Buffer.from(lie), frameEntry('parsed', name, Buffer.from(lie), randomBytes(32))]) {
        writeFileSync(path.join(cacheDir, 'parsed', name), body);
        const doc = load(cacheDir);
        expect(doc.value).toEqual(fresh.value);
        for (const p of POINTERS) expect(doc.locate(p)).toEqual(fresh.locate(p));
      }
      writeFileSync(path.join(cacheDir, 'parsed', name), original);
    }
  });
});
