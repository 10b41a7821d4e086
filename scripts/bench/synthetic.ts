import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * ×1 of the synthetic corpus: this repository's corpus brought to 20 RFC files and 100 invariant
 * entries by renumbered copies of its own RFCs and entries, so ×100 is about 2,000 RFC files and
 * 10,000 entries. Everything else (the map, schemas, OpenAPI, proto) is this repository's, once.
 */
export const UNIT = { rfcs: 20, invariants: 100 };

/** Folders copied as they are, so paths the RFCs and invariants name resolve. */
const COPIED = ['spec', 'schemas', 'invariants', 'RFCS', 'test', 'scripts', 'docs'];

export interface SyntheticCorpus {
  root: string;
  factor: number;
  rfcFiles: number;
  invariantEntries: number;
  bytes: number;
}

export function generateCorpus(source: string, target: string, factor: number): SyntheticCorpus {
  mkdirSync(target, { recursive: true });
  for (const dir of COPIED) {
    const from = path.join(source, dir);
    if (existsSync(from)) cpSync(from, path.join(target, dir), { recursive: true, filter: (p) => !p.includes(`${path.sep}node_modules`) });
  }
  const rfcFiles = multiplyRfcs(path.join(target, 'RFCS'), UNIT.rfcs * factor);
  const invariantEntries = multiplyInvariants(path.join(target, 'invariants', 'invariants.yaml'), UNIT.invariants * factor);
  return { root: target, factor, rfcFiles, invariantEntries, bytes: folderBytes(path.join(target, 'RFCS')) + folderBytes(path.join(target, 'invariants')) };
}

/** Fills RFCS/ up to `count` files with copies of the existing RFCs under fresh four-digit numbers. */
function multiplyRfcs(dir: string, count: number): number {
  const originals = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort();
  const used = new Set(originals.map((f) => f.slice(0, 4)));
  let next = 1000;
  const fresh = () => {
    while (used.has(String(next).padStart(4, '0'))) next++;
    if (next > 9999) throw new Error('synthetic corpus: ran out of four-digit RFC numbers');
    const n = String(next++).padStart(4, '0');
    used.add(n);
    return n;
  };
  const texts = originals.map((f) => ({ number: f.slice(0, 4), slug: f.slice(5), text: readFileSync(path.join(dir, f), 'utf8') }));
  for (let i = originals.length; i < count; i++) {
    const base = texts[i % texts.length]!;
    const n = fresh();
    const text = base.text
      .replace(new RegExp(`^# RFC ${base.number}:`, 'm'), `# RFC ${n}:`)
      .replace(new RegExp(`^(\\|\\s*(?:\\*\\*)?RFC(?:\\*\\*)?\\s*\\|\\s*)${base.number}(\\s*\\|)`, 'm'), `$1${n}$2`);
    writeFileSync(path.join(dir, `${n}-${base.slug}`), text);
  }
  return Math.max(count, originals.length);
}

/** Repeats the entries of invariants.yaml (each copy's id suffixed) up to `count` entries. */
function multiplyInvariants(file: string, count: number): number {
  const text = readFileSync(file, 'utf8');
  const first = text.search(/^ {2}- id: /m);
  if (first < 0) throw new Error(`synthetic corpus: no "  - id:" entries in ${file}`);
  const head = text.slice(0, first);
  const entries = text.slice(first).split(/(?=^ {2}- id: )/m);
  const out: string[] = [...entries];
  for (let i = entries.length; i < count; i++) {
    const e = entries[i % entries.length]!;
    const copy = Math.floor(i / entries.length);
    out.push(e.replace(/^( {2}- id: )([\w-]+)/m, `$1$2-copy-${copy}`));
  }
  writeFileSync(file, head + out.map((e) => (e.endsWith('\n') ? e : e + '\n')).join(''));
  return Math.max(count, entries.length);
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    n += e.isDirectory() ? folderBytes(p) : readFileSync(p).length;
  }
  return n;
}
