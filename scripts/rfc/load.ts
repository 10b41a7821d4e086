import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParseCache } from '../core/cache/parse-cache.js';
import { libraryVersion } from '../core/base/library-version.js';
import { sha256 } from '../core/replay/cache-entry.js';
import { fileNumberOf } from '../core/preset/process.js';
import type { ReaderTitles, RfcDocument } from './document.js';
import { DEFAULT_SHAPE, DEFAULT_TITLES } from './document.js';

/**
 * An RFC file's text → its RfcDocument, through the content-addressed parse cache for every file.
 * A hit imports no remark code at all; a miss parses with markdown.ts and reads with read.ts.
 *
 * The key hashes the text with the reader's fingerprint: the bytes of this folder's own modules
 * (the reader as it runs, compiled or not), of the position helper it uses, and the versions of
 * the Markdown packages that build the tree. A version constant would have to be bumped by hand,
 * and a forgotten bump serves stale documents; a hash of the code cannot be forgotten. It costs
 * one read of a few small files per run, and only when the cache is used.
 */
const MARKDOWN_PACKAGES = ['unified', 'remark-parse', 'micromark-extension-frontmatter', 'mdast-util-frontmatter', 'js-yaml', 'micromark-extension-gfm-table', 'micromark-extension-gfm-task-list-item', 'micromark-extension-gfm-strikethrough', 'mdast-util-gfm-table', 'mdast-util-gfm-task-list-item', 'mdast-util-gfm-strikethrough', 'mdast-util-from-markdown', 'micromark'] as const;

/**
 * A cache entry: the document without its file, and `withinCaps` when the text was checked
 * against the Markdown container caps before it was read (core/parse/markdown-bounds.ts, whose
 * code is in the fingerprint): a later run of the same text skips that pass (rfc/set.ts).
 */
type Cached = Omit<RfcDocument, 'file' | 'fileNumber'> & { withinCaps?: true };

let fingerprint: string | undefined;

/**
 * The reader's fingerprint (see above); `dir` is the folder of the reader's modules. Hashed once
 * a process for the reader as it runs: every reading's key and the pending-errata answer's key
 * (report/errata-pending.ts) ask for it.
 */
export function readerFingerprint(dir?: string, ext?: string): string {
  if (dir === undefined && ext === undefined) return (fingerprint ??= fingerprintOf(path.dirname(fileURLToPath(import.meta.url)), path.extname(fileURLToPath(import.meta.url))));
  return fingerprintOf(dir ?? path.dirname(fileURLToPath(import.meta.url)), ext ?? path.extname(fileURLToPath(import.meta.url)));
}

/** How many times this process hashed the reader's code (tests count it: once a run). */
export const fingerprintWork = { hashed: 0 };

function fingerprintOf(dir: string, ext: string): string {
  fingerprintWork.hashed++;
  const hash = createHash('sha256');
  const files = readdirSync(dir).filter((f) => f.endsWith(ext)).sort().map((f) => path.join(dir, f));
  // The core modules a reading depends on: positions, the parser's GFM subset (markdown.ts), the
  // parser's libraries as they run (markdown-libs: in the build, their one bundle), and the
  // container caps an entry's `withinCaps` vouches for (markdown-bounds), and the splice that
  // re-parses only an edited stretch (markdown-splice).
  for (const file of [...files, ...['model/position', 'parse/markdown', 'parse/markdown-libs', 'parse/markdown-bounds', 'parse/markdown-splice'].map((m) => path.join(dir, '..', 'core', `${m}${ext}`))]) {
    hash.update(path.basename(file)).update('\0');
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('(absent)');
    }
    hash.update('\0');
  }
  for (const name of MARKDOWN_PACKAGES) hash.update(`${name}@${libraryVersion(name, path.join(dir, 'x.js'))}\0`);
  return hash.digest('hex');
}

/** How a reading was had: from its cache entry (no Markdown loaded) or by parsing the text. */
export type ReadingSource = 'cached' | 'parsed';

/**
 * The RFC document of one file. Parse and read run with no await in between, so each tree is
 * garbage before the next file is parsed (callers may start many of these at once).
 */
export async function loadRfcDocument(file: string, text: string, cache?: ParseCache, titles: ReaderTitles = DEFAULT_TITLES): Promise<RfcDocument> {
  // Old versions of a file (the html's history): no kept tree is spliced from or replaced.
  return (await loadRfcReading(file, text, cache, titles, undefined, false)).doc;
}

/**
 * `loadRfcDocument`, saying whether the reading came from the cache (what `check --debug` counts).
 * `lastTree`: a miss may splice from the tree kept of the file's last parse, and keeps this one
 * (parse-reading.ts); off for texts that are not the file's current one (old versions).
 */
export async function loadRfcReading(file: string, text: string, cache?: ParseCache, titles: ReaderTitles = DEFAULT_TITLES, known?: { key: string; kept?: KeptReading; withinCaps?: boolean }, lastTree = true): Promise<{ doc: RfcDocument; source: ReadingSource; spliced?: boolean }> {
  const key = known?.key ?? (cache ? await readingKey(text, titles) : undefined);
  const hit = known ? known.kept?.doc : cache && key ? keptReading(file, key, cache, titles)?.doc : undefined;
  if (hit) return { doc: hit, source: 'cached' };
  // A miss parses; with a cache, only the stretch edited since the file's last parse (parse-reading.ts).
  const last = cache && lastTree ? { cache, key: await lastTreeKey(file, titles), spliced: false } : undefined;
  const doc = (await import('./parse-reading.js')).parseReading(file, text, titles, last);
  if (cache && key) cache.set(key, toEntry(doc, known?.withinCaps === true));
  return { doc, source: 'parsed', ...(last?.spliced ? { spliced: true } : {}) };
}

/** A reading read back from its cache entry, and whether its text was checked against the container caps when it was made. */
export interface KeptReading {
  doc: RfcDocument;
  withinCaps: boolean;
}

/** The authenticated cache entry under `key` (a reading key: `readingKey`), as the document of `file`, or undefined. */
export function keptReading(file: string, key: string, cache: ParseCache, titles: ReaderTitles = DEFAULT_TITLES): KeptReading | undefined {
  const entry = cache.get<Cached>(key);
  const doc = fromEntry(file, entry, titles.fileName ?? DEFAULT_SHAPE.fileName);
  return doc ? { doc, withinCaps: entry!.withinCaps === true } : undefined;
}

/**
 * The document of a reading made in a parse worker (parse-pool.ts): its cache entry's body, as
 * the worker made it with `asciiJson`. The main thread writes the entry and reads the document
 * from the body exactly as from a cache hit.
 */
export function documentFromBody(file: string, body: string, key: string, cache: ParseCache | undefined, titles: ReaderTitles = DEFAULT_TITLES): RfcDocument | undefined {
  cache?.setBody(key, body);
  return fromEntry(file, JSON.parse(body) as Cached, titles.fileName ?? DEFAULT_SHAPE.fileName);
}

/**
 * The cache key of a reading: the text, the reader's fingerprint (its code and the Markdown
 * libraries' versions) and the process's titles. The document holds what was read under the
 * process's titles (its questions, errata, Security lines), so a config that renames one never
 * gets another's entry.
 */
export async function readingKey(text: string | { sha256: string }, titles: ReaderTitles = DEFAULT_TITLES): Promise<string> {
  const { parseCacheKey } = await import('../core/cache/parse-cache.js');
  // The text enters by its SHA-256 (of its UTF-8 bytes): the run has taken it already of the file
  // it read (`{ sha256 }`, Corpus.contentHash), so an RFC's text is hashed once a run, not twice,
  // and a kept reading is found without decoding the file.
  return parseCacheKey(`${readerFingerprint()}\0${titlesKey(titles)}\0text-sha256`, typeof text === 'string' ? sha256(text) : text.sha256);
}

/**
 * The key of the entry keeping the last text parsed for `file` and its tree (parse-reading.ts):
 * by the file's path, the reader's fingerprint (the splice's code and the Markdown libraries are in
 * it) and the header form (a preamble process parses front matter).
 */
export async function lastTreeKey(file: string, titles: ReaderTitles = DEFAULT_TITLES): Promise<string> {
  const { parseCacheKey } = await import('../core/cache/parse-cache.js');
  return `${parseCacheKey(`${readerFingerprint()}\0${titles.headerForm ?? DEFAULT_SHAPE.headerForm}\0rfc-tree`, file)}.rfc-tree`;
}

function titlesKey(t: ReaderTitles): string {
  const shape = { ...DEFAULT_SHAPE, ...t };
  return JSON.stringify([t.unresolvedQuestions, t.errata, t.security, shape.headerForm, shape.fileName, shape.titleLine, shape.citationForms]);
}

/**
 * A cache entry holds the document without its file name (the same text may sit in two files),
 * and `withinCaps` when the caller checked the text against the container caps first.
 */
export function toEntry(doc: RfcDocument, withinCaps = false): Cached {
  const { file: _file, fileNumber: _number, ...rest } = doc;
  return withinCaps ? { ...rest, withinCaps: true } : rest;
}

function fromEntry(file: string, hit: Cached | undefined, fileName: string): RfcDocument | undefined {
  if (!hit || typeof hit !== 'object' || !Array.isArray(hit.sections) || !Array.isArray(hit.links)) return undefined;
  const fileNumber = fileNumberOf(path.posix.basename(file), fileName);
  const { withinCaps: _checked, ...doc } = hit;
  return { file, ...(fileNumber ? { fileNumber } : {}), ...doc };
}
