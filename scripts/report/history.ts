import path from 'node:path';
import type { CorpusReader } from '../core/corpus.js';
import { gitBytes, gitText } from '../core/git.js';
import { rfcStatus } from '../rfc/document.js';
import { loadRfcDocument } from '../rfc/load.js';
import type { HistoryPoint } from './model.js';

/** Commits of the RFC folder's history that are read at most (the newest first, then thinned evenly to POINTS). */
export const MAX_COMMITS = 2_000;
/** Points the chart shows at most. */
export const POINTS = 40;
/** Distinct RFC versions read at most, and their bytes together: past either, the oldest points are left out. */
export const MAX_BLOBS = 5_000;
export const MAX_BYTES = 256 * 1024 * 1024;
/** The header table sits before the first `##` section (RFC 0001 §B): only that much of an old version is read. */
const HEAD_BYTES = 16 * 1024;

const NOT_RFCS = /^(readme|0000-.*)\.md$/i;

/**
 * RFCs per status at commits of the RFC folder's history, oldest first: at most POINTS commits
 * spread evenly over the last MAX_COMMITS that touched it. Each RFC version is read once by its
 * blob id (one `git cat-file --batch` for all), only up to its first `##` heading, and its status
 * comes from the one reader (through the parse cache, keyed by that text). Undefined outside git.
 */
export async function statusHistory(corpus: CorpusReader, maxCommits = MAX_COMMITS): Promise<HistoryPoint[] | undefined> {
  if (maxCommits <= 0) return undefined;
  const cwd = corpus.root;
  const dir = corpus.layout.rfcsDir.replace(/\/+$/, '');
  let log: string;
  try {
    log = gitText(['log', `-n${Math.min(maxCommits, MAX_COMMITS)}`, '--format=%H %cs', '--', `${dir}/`], { cwd, maxBuffer: 1024 * 1024 });
  } catch {
    return undefined;
  }
  const commits = log.split('\n').filter(Boolean).map((l) => ({ commit: l.slice(0, l.indexOf(' ')), date: l.slice(l.indexOf(' ') + 1) }));
  if (commits.length === 0) return undefined;
  const picked = thin(commits.reverse(), POINTS);
  // Which blob each RFC file is at each picked commit.
  const trees = picked.map((c) => {
    const listing = gitText(['ls-tree', '-z', c.commit, '--', `${dir}/`], { cwd, maxBuffer: 4 * 1024 * 1024 });
    const files: Array<{ file: string; blob: string }> = [];
    for (const rec of listing.split('\0')) {
      const m = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(rec);
      if (m && m[1] !== '120000' && m[3]!.endsWith('.md') && !NOT_RFCS.test(path.posix.basename(m[3]!))) files.push({ file: m[3]!, blob: m[2]! });
    }
    return { ...c, files };
  });
  // Newest first, so the bounds leave out the oldest points.
  const blobs = new Map<string, string>();
  let kept = trees.length;
  for (let i = trees.length - 1; i >= 0; i--) {
    const fresh = trees[i]!.files.filter((f) => !blobs.has(f.blob));
    if (blobs.size + fresh.length > MAX_BLOBS) break;
    for (const f of fresh) blobs.set(f.blob, f.file);
    kept = i;
  }
  const heads = readHeads([...blobs.keys()], cwd);
  const statusOf = new Map<string, string>();
  const cache = corpus.cache ? (await import('../core/parse-cache.js')).openParseCache(corpus.root) : undefined;
  for (const [blob, file] of blobs) {
    const text = heads.get(blob);
    if (text === undefined) continue;
    const doc = await loadRfcDocument(file, text, cache, corpus.layout.process.sections);
    statusOf.set(blob, rfcStatus(doc)?.value ?? '');
  }
  return trees.slice(kept).map((t) => {
    const counts: Record<string, number> = {};
    for (const f of t.files) {
      const s = statusOf.get(f.blob);
      if (s !== undefined) counts[s || '(none)'] = (counts[s || '(none)'] ?? 0) + 1;
    }
    return { commit: t.commit, date: t.date, counts };
  });
}

/** At most `n` items, evenly spaced, the first and the last always kept. */
function thin<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!);
}

/** The start of each blob's text, up to its first `##` heading (one `git cat-file --batch` for all). */
function readHeads(blobs: readonly string[], cwd: string): Map<string, string> {
  const out = new Map<string, string>();
  if (blobs.length === 0) return out;
  const raw = gitBytes(['cat-file', '--batch'], { cwd, input: blobs.join('\n') + '\n', maxBuffer: MAX_BYTES });
  let at = 0;
  while (at < raw.length) {
    const nl = raw.indexOf(10, at);
    if (nl < 0) break;
    const [oid, type, size] = raw.subarray(at, nl).toString('latin1').split(' ');
    at = nl + 1;
    if (type !== 'blob' || size === undefined) continue;
    const len = Number(size);
    const text = raw.subarray(at, at + Math.min(len, HEAD_BYTES)).toString('utf8');
    at += len + 1;
    const section = /\n##\s/.exec(text);
    out.set(oid!, section ? text.slice(0, section.index + 1) : text);
  }
  return out;
}
