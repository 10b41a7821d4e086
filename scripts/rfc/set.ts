import path from 'node:path';
import { MAX_MARKDOWN_BYTES, type CorpusReader } from '../core/parse/corpus.js';
import { readingMessage } from '../core/model/reading-messages.js';
import { TOO_MANY_FILES, TOO_MUCH_RFC_TEXT } from '../core/engine/reading-rules.js';
import type { ParseCache } from '../core/cache/parse-cache.js';
import { fileNumberOf } from '../core/preset/process.js';
import type { RfcDocument } from './document.js';
import { readerProcess } from './document.js';
import type { ReadingSource } from './load.js';
import { concurrency, FILES_PER_WORKER } from '../core/base/concurrency.js';


/**
 * The RFC files of a repository (RFC 0001 §A), listed once per run and shared by every reader of
 * RFCs (the rfcs, invariants and wire-examples checks, compat's claims). Files are read only when
 * asked for, each through the parse cache (load.ts), unless the run says `--no-cache`.
 */
export interface RfcSet {
  dir: string;
  /** Every `*.md` under the RFC folder that is an RFC (not README.md, not the 0000 template), sorted. */
  files: string[];
  /** Files by the number their name carries (the process's `fileName`). */
  byNumber: Map<string, string[]>;
  /** The parsed RFC of one file, in the folder or not (undefined when it cannot be read: a finding is recorded). */
  read(file: string): Promise<RfcDocument | undefined>;
  /** Every RFC, parsed: those the parse cache lacks in worker processes when they are many (parse-pool.ts). */
  all(): Promise<RfcDocument[]>;
  /** One RFC's text, read under the per-run cap as `read` reads it (undefined when it cannot be read or is past the cap: a finding is recorded). */
  text(file: string): string | undefined;
}

const NOT_RFCS = /^(readme|0000-.*)\.md$/i;
/** What an RFC's text is read for, in the finding when it cannot be. */
const NEEDED_FOR = 'the RFC gates';
/**
 * RFC files a run reads: each costs its parse and its tree for the run (5,000 small RFCs took 17 s
 * of CPU and 300 MB; 100,000 took 206 s and 2.7 GB). Real RFC folders hold hundreds; past this
 * the first files by name are read and one `limits/too-many-files` counts the rest.
 */
export const MAX_RFC_FILES = 10_000;
/**
 * Bytes of RFC text a run reads (the RFC folder's files, each counted once, when its text is read
 * or looked ahead for the parse workers). A run keeps every RFC's text and reading (about 5 MiB of
 * heap per MiB of text) and its parse garbage grows with them: on the synthetic corpora a cold
 * `check` with 4 workers forced peaked at 790 MiB at 22.8 MiB of RFC text (×100) and 922 MiB at
 * 31.9 MiB (×140), so 24 MiB keeps every mode near 800 MiB (docs/decisions/rfc-text-cap.md).
 * Past it, the file whose text passes the cap and every RFC file not read yet are not checked:
 * one `limits/too-much-rfc-text` says so.
 */
export const MAX_RFC_BYTES = 24 * 1024 * 1024;
const sets = new WeakMap<CorpusReader, Promise<RfcSet>>();

/** `maxBytes` is the per-run RFC text cap (lowered by tests; the first call of a run decides it). */
export async function loadRfcSet(corpus: CorpusReader, maxBytes = MAX_RFC_BYTES): Promise<RfcSet> {
  let p = sets.get(corpus);
  if (!p) {
    p = list(corpus, maxBytes);
    sets.set(corpus, p);
  } else {
    // The set is listed once a run, but every family that asks for it rests on the listing: the
    // question is put again (the source lists a folder once a run), so the family findings cache
    // keeps it with each family's entry and a new RFC runs every family that lists the folder.
    await corpus.glob([rfcGlob(corpus)]);
  }
  return p;
}

const rfcGlob = (corpus: CorpusReader) => `${corpus.layout.rfcsDir.replace(/\/+$/, '')}/*.md`;

async function list(corpus: CorpusReader, maxBytes: number): Promise<RfcSet> {
  const dir = corpus.layout.rfcsDir.replace(/\/+$/, '');
  let files = (await corpus.glob([rfcGlob(corpus)])).filter((f) => !NOT_RFCS.test(path.posix.basename(f)));
  if (files.length > MAX_RFC_FILES) {
    files = [...files].sort();
    const over = files.length - MAX_RFC_FILES;
    corpus.problems.push({ ruleId: TOO_MANY_FILES.id, severity: 'error', file: files[MAX_RFC_FILES]!, line: 1, column: 1, endLine: 1, endColumn: 1, ...readingMessage('limits/too-many-files', 'rest', { dir, count: files.length, max: MAX_RFC_FILES, after: over - 1 }) });
    files = files.slice(0, MAX_RFC_FILES);
  }
  const byNumber = new Map<string, string[]>();
  for (const f of files) {
    const n = fileNumberOf(path.posix.basename(f), corpus.layout.process.fileName);
    if (n) byNumber.set(n, [...(byNumber.get(n) ?? []), f]);
  }
  const budget = textBudget(corpus, dir, files, maxBytes);
  const docs = new Map<string, Promise<RfcDocument | undefined>>();
  let parseCache: Promise<ParseCache | undefined> | undefined;
  const openCache = () => (parseCache ??= corpus.useParseCache ? import('../core/cache/parse-cache.js').then((m) => m.openParseCache(corpus.root)) : Promise.resolve(undefined));
  const titles = readerProcess(corpus.layout.process);
  // Readings being made in parse workers, by cache key (the key holds the text: a file changed
  // since it was sent is simply parsed again).
  const ahead = new Map<string, Promise<string | undefined>>();
  const expected = new Set<string>();
  // The files about to be read (all of them, for `all`): those the parse cache lacks go to workers
  // when the setting says so; otherwise nothing happens and each is read as it comes.
  const expect = async (wanted: readonly string[]): Promise<void> => {
    const setting = concurrency();
    const fresh = wanted.filter((f) => !docs.has(f) && !expected.has(f));
    if (setting === 'off' || !corpus.peekMarkdownText || fresh.length === 0) return;
    if (setting === 'auto' && fresh.length < 2 * FILES_PER_WORKER) return;
    for (const f of fresh) expected.add(f);
    const cache = await openCache();
    const { readingKey } = await import('./load.js');
    const jobs: Array<{ file: string; text: string; key: string }> = [];
    const keys = new Set<string>();
    for (const file of fresh) {
      // A look ahead keeps the text too: it counts against the cap as a read does.
      if (!budget.mayRead(file)) break;
      const text = corpus.peekMarkdownText(file);
      if (!budget.charge(file, utf8Length(text ?? corpus.cachedText(file))) || text === undefined) continue;
      const key = await readingKey(text, titles);
      if (ahead.has(key) || keys.has(key) || cache?.has(key)) continue;
      keys.add(key);
      jobs.push({ file, text, key });
    }
    if (setting === 'auto' && jobs.length < 2 * FILES_PER_WORKER) return; // auto starts two or none (parse-pool.ts)
    const { parseInWorkers, workerCount } = await import('./parse-pool.js');
    const count = workerCount(jobs.length, setting);
    if (count === 0) return;
    corpus.work?.set('RFC parse workers', (corpus.work.get('RFC parse workers') ?? 0) + count);
    const bodies = parseInWorkers(jobs.map(({ file, text }) => ({ file, text })), titles, count);
    jobs.forEach((j, i) => ahead.set(j.key, bodies[i]!));
  };
  // One file at a time, each text read when its turn comes: a gate asks for all of them at once,
  // and texts read up front would all be alive together with their trees.
  let queue: Promise<unknown> = Promise.resolve();
  const read = (file: string): Promise<RfcDocument | undefined> => {
    corpus.touch(file);
    let doc = docs.get(file);
    if (!doc) {
      doc = queue.then(async () => {
        if (!budget.mayRead(file)) return undefined;
        // The file's bytes, checked as its text would be, not yet decoded: a kept reading needs only
        // their hash (its key) and their size, and 62 RFC texts took ~5 ms to decode.
        const size = corpus.byteLength(file, NEEDED_FOR);
        if (!budget.charge(file, size) || size === undefined) return undefined;
        const { loadRfcReading, readingKey, documentFromBody, keptReading } = await import('./load.js');
        const cache = await openCache();
        // The key hashes the text once; the kept reading, when there is one, also says whether this
        // text passed the Markdown container caps when it was read (so the pass is not made again).
        const hash = corpus.contentHash(file);
        const key = hash !== undefined && (cache || ahead.size > 0) ? await readingKey({ sha256: hash }, titles) : undefined;
        const kept = cache && key !== undefined ? keptReading(file, key, cache, titles) : undefined;
        // Kept, within the caps and within the size cap (markdownText's checks, all of which it passes): no text needed.
        const known = kept?.withinCaps === true && size <= MAX_MARKDOWN_BYTES ? kept.doc : undefined;
        const text = known ? undefined : corpus.markdownText(file, NEEDED_FOR, () => kept?.withinCaps === true);
        if (!known && text === undefined) return undefined;
        let source: ReadingSource = 'cached';
        let made: RfcDocument | undefined = known;
        const pending = key === undefined || kept ? undefined : ahead.get(key);
        if (pending) ahead.delete(key!);
        const body = await pending;
        if (key !== undefined && body !== undefined) {
          // Made in a worker by the same function; written and read here as a cache entry.
          made = documentFromBody(file, body, key, cache, titles);
          source = 'parsed';
        }
        let spliced: boolean | undefined;
        if (!made) ({ doc: made, source, spliced } = await loadRfcReading(file, text!, cache, titles, key === undefined ? undefined : { key, kept, withinCaps: true }));
        // Parsed from the edited stretch alone, spliced into the file's last tree (core/parse/markdown-splice.ts).
        if (spliced) corpus.work?.set('RFC parses spliced', (corpus.work.get('RFC parses spliced') ?? 0) + 1);
        // A reading kept by a run that did not check the caps (the html's history): kept again, saying they hold.
        if (kept && !kept.withinCaps && cache && key !== undefined) cache.set(key, (await import('./load.js')).toEntry(kept.doc, true));
        // Counted, not timed: after one RFC is edited a run parses that one and reads the rest from the cache.
        const what = `RFC readings ${source!}`;
        corpus.work?.set(what, (corpus.work.get(what) ?? 0) + 1);
        return made;
      });
      queue = doc.catch(() => undefined);
      docs.set(file, doc);
    }
    return doc;
  };
  const all = async () => {
    await expect(files);
    return (await Promise.all(files.map(read))).filter((d): d is RfcDocument => d !== undefined);
  };
  const text = (file: string): string | undefined => {
    if (!budget.mayRead(file)) return undefined;
    const got = corpus.text(file);
    return budget.charge(file, corpus.byteLength(file)) ? got : undefined;
  };
  return { dir, files, byNumber, read, all, text };
}

/** A look-ahead text's UTF-8 byte length (undefined: no text). */
function utf8Length(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Buffer.byteLength(text);
}

/**
 * The per-run cap on RFC text: each file of the folder is counted once, at its first read or look
 * ahead, by the bytes the corpus now keeps of it (a file refused as too large for Markdown is kept
 * too). The file that passes the cap is not parsed, no file of the folder not yet read is read
 * after it, and one finding at it names them. Files outside the folder (named by path) are not
 * counted. Reads come in a fixed order for a command (the families', then `all()` by name), so the
 * cut is the same on every run of the same command and files.
 */
function textBudget(corpus: CorpusReader, dir: string, files: readonly string[], maxBytes: number) {
  const listed = new Set(files);
  const charged = new Set<string>();
  // Counted in bytes, which the corpus knows without decoding (a kept reading is used undecoded).
  let total = 0;
  let passedAt: string | undefined;
  return {
    /** Whether the file may be read: always once counted (but the one that passed the cap), else only before the cap is passed. */
    mayRead(file: string): boolean {
      if (!listed.has(file)) return true;
      if (charged.has(file)) return file !== passedAt;
      return passedAt === undefined;
    },
    /** Counts the file just read by its bytes (undefined: nothing of it was kept); false when it passed the cap. */
    charge(file: string, bytes: number | undefined): boolean {
      if (!listed.has(file) || charged.has(file)) return file !== passedAt;
      charged.add(file);
      if (bytes === undefined) return true;
      if (total + bytes <= maxBytes) {
        total += bytes;
        return true;
      }
      passedAt = file;
      const unread = files.filter((f) => !charged.has(f));
      const which = unread.length === 0 ? '' : unread.length === 1 ? ` (${unread[0]})` : ` (${unread[0]} to ${unread[unread.length - 1]} by name)`;
      corpus.problems.push({ ruleId: TOO_MUCH_RFC_TEXT.id, severity: 'error', file, line: 1, column: 1, endLine: 1, endColumn: 1, ...readingMessage('limits/too-much-rfc-text', 'rest', { dir, read: total, count: charged.size - 1, bytes, max: maxBytes, rest: unread.length, which }) });
      return false;
    },
  };
}

/** The file a citation of `number` resolves to (by file name), if any. */
export function rfcFile(set: RfcSet, number: string): string | undefined {
  return set.byNumber.get(number)?.[0];
}

/** The parsed RFC a citation of `number` resolves to, if any. */
export async function rfcByNumber(set: RfcSet, number: string): Promise<RfcDocument | undefined> {
  const file = rfcFile(set, number);
  return file ? set.read(file) : undefined;
}
