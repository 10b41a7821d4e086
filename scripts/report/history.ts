import path from 'node:path';
import type { CorpusReader } from '../core/parse/corpus.js';
import { MAX_MARKDOWN_BYTES } from '../core/parse/corpus.js';
import { gitBytes, gitText } from '../core/io/git.js';
import { rfcStatus } from '../rfc/document.js';
import { loadRfcDocument } from '../rfc/load.js';
import type { HistoryPoint } from './model.js';

/** Commits of the RFC folder's history that are read at most (the newest first, then thinned evenly to POINTS). */
export const MAX_COMMITS = 2_000;
/** Points the chart shows at most. */
export const POINTS = 40;
/**
 * Distinct RFC versions read at most, and their bytes together: past either, the oldest points are
 * left out. A version past the Markdown cap is not read (it counts under no status).
 */
export const MAX_BLOBS = 5_000;
export const MAX_BYTES = 64 * 1024 * 1024;
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
  // Which blob each RFC file is at each picked commit, newest first: a listing git cannot give
  // within its bound leaves out that point and the older ones.
  const trees: Array<{ commit: string; date: string; files: Array<{ file: string; blob: string }> }> = [];
  for (let i = picked.length - 1; i >= 0; i--) {
    const c = picked[i]!;
    let listing: string;
    try {
      listing = gitText(['ls-tree', '-z', c.commit, '--', `${dir}/`], { cwd, maxBuffer: 4 * 1024 * 1024 });
    } catch {
      break;
    }
    const files: Array<{ file: string; blob: string }> = [];
    for (const rec of listing.split('\0')) {
      const m = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(rec);
      if (m && m[1] !== '120000' && m[3]!.endsWith('.md') && !NOT_RFCS.test(path.posix.basename(m[3]!))) files.push({ file: m[3]!, blob: m[2]! });
    }
    trees.unshift({ ...c, files });
  }
  // Each version's size first (one `git cat-file --batch-check`): a version past the Markdown cap is
  // not read (as the working tree's would not be parsed), and the versions read stay within MAX_BYTES.
  const sizes = blobSizes([...new Set(trees.flatMap((t) => t.files.map((f) => f.blob)))], cwd);
  // Newest first, so the bounds leave out the oldest points.
  const blobs = new Map<string, string>();
  let bytes = 0;
  let kept = trees.length;
  for (let i = trees.length - 1; i >= 0; i--) {
    const fresh = new Map<string, string>();
    for (const f of trees[i]!.files) {
      const size = sizes.get(f.blob);
      if (!blobs.has(f.blob) && size !== undefined && size <= MAX_MARKDOWN_BYTES) fresh.set(f.blob, f.file);
    }
    const more = [...fresh.keys()].reduce((t, b) => t + sizes.get(b)!, 0);
    if (blobs.size + fresh.size > MAX_BLOBS || bytes + more > MAX_BYTES) break;
    for (const [b, f] of fresh) blobs.set(b, f);
    bytes += more;
    kept = i;
  }
  const heads = readHeads([...blobs.keys()], cwd, bytes);
  const statusOf = new Map<string, string>();
  const cache = corpus.cache ? (await import('../core/cache/parse-cache.js')).openParseCache(corpus.root) : undefined;
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

/** Each blob's size (one `git cat-file --batch-check` for all); a blob git does not have is absent. */
function blobSizes(blobs: readonly string[], cwd: string): Map<string, number> {
  const out = new Map<string, number>();
  if (blobs.length === 0) return out;
  let raw: string;
  try {
    raw = gitText(['cat-file', '--batch-check'], { cwd, input: blobs.join('\n') + '\n', maxBuffer: 64 * (blobs.length + 1) });
  } catch {
    return out;
  }
  for (const line of raw.split('\n')) {
    const [oid, type, size] = line.split(' ');
    if (type === 'blob' && size !== undefined && /^\d+$/.test(size)) out.set(oid!, Number(size));
  }
  return out;
}

/**
 * The start of each blob's text, up to its first `##` heading (one `git cat-file --batch` for all).
 * `bytes` is their size together (blobSizes), so git's output is bounded before it is read.
 */
function readHeads(blobs: readonly string[], cwd: string, bytes: number): Map<string, string> {
  const out = new Map<string, string>();
  if (blobs.length === 0) return out;
  let raw: Buffer;
  try {
    raw = gitBytes(['cat-file', '--batch'], { cwd, input: blobs.join('\n') + '\n', maxBuffer: bytes + 128 * (blobs.length + 1) });
  } catch {
    return out;
  }
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
