import { setFlagsFromString } from 'node:v8';
import type { Corpus } from '../../core/corpus.js';
import type { ParseCache } from '../../core/parse-cache.js';
import type { RfcDocument } from './rfc-document.js';
import { loadRfcDocument } from './rfc-load.js';

/**
 * The RFC files of a repository (RFC 0001 §A), listed once per run and shared by the gates.
 * Files are parsed only when asked for: markdown parsing is the costly part of a run, and a
 * citation check needs only the file names and the few RFCs actually cited. Only the extracted
 * RfcDocument of a file is kept (never its mdast), and it comes from the parse cache when the
 * file's text was seen before.
 */
export interface RfcSet {
  dir: string;
  /** Every `*.md` under the RFC folder that is an RFC (not README.md, not the 0000 template), sorted. */
  files: string[];
  /** Files by the four-digit number their name starts with. */
  byNumber: Map<string, string[]>;
  /** The parsed RFC of one file (undefined when it cannot be read: a finding is recorded). */
  read(file: string): Promise<RfcDocument | undefined>;
  /** Every RFC, parsed. */
  all(): Promise<RfcDocument[]>;
}

const NOT_RFCS = /^(readme|0000-.*)\.md$/i;
/** Up to this many RFCs, every extract is cached, not only micromark's (rfc-load.ts says why). */
const SMALL_SET = 100;
const cache = new WeakMap<Corpus, Promise<RfcSet>>();

export function loadRfcSet(corpus: Corpus): Promise<RfcSet> {
  let p = cache.get(corpus);
  if (!p) {
    p = list(corpus);
    cache.set(corpus, p);
  }
  return p;
}

async function list(corpus: Corpus): Promise<RfcSet> {
  const dir = corpus.layout.rfcsDir.replace(/\/+$/, '');
  const files = (await corpus.source.glob([`${dir}/*.md`])).filter((f) => !NOT_RFCS.test(baseName(f)));
  const byNumber = new Map<string, string[]>();
  for (const f of files) {
    const n = /^(\d{4})-/.exec(baseName(f))?.[1];
    if (n) byNumber.set(n, [...(byNumber.get(n) ?? []), f]);
  }
  // The RfcDocument is extracted once per file; each call counts the file for the family asking.
  // Files are read and parsed one after another, each text read only when its turn comes: a
  // gate asks for all of them at once, and 2,000 texts read up front would all outlive their
  // parse. In a large set the texts are not kept as strings (Corpus.text), and the documents
  // hold copies of what they quote, so a file's text can go once it is read.
  const small = files.length <= SMALL_SET;
  if (!small) steadyHeapForLargeRun();
  const docs = new Map<string, Promise<RfcDocument | undefined>>();
  let parseCache: Promise<ParseCache | undefined> | undefined;
  const openCache = () => (parseCache ??= corpus.useParseCache ? import('../../core/parse-cache.js').then((m) => m.openParseCache(corpus.root)) : Promise.resolve(undefined));
  let queue: Promise<unknown> = Promise.resolve();
  const read = (file: string): Promise<RfcDocument | undefined> => {
    corpus.touch(file);
    let doc = docs.get(file);
    if (!doc) {
      doc = queue.then(() => {
        const text = corpus.text(file, 'the RFC gates', small);
        return text === undefined ? undefined : loadRfcDocument(file, text, openCache, { cacheSubset: small, ownStrings: !small });
      });
      queue = doc.catch(() => undefined);
      docs.set(file, doc);
    }
    return doc;
  };
  const all = async () => (await Promise.all(files.map(read))).filter((d): d is RfcDocument => d !== undefined);
  return { dir, files, byNumber, read, all };
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

/**
 * Turns off V8's allocation-site pretenuring for the rest of a run over a large repository. Once
 * V8 has seen a site's objects survive (the YAML entries, the RFC documents), it allocates that
 * site's objects straight into the old generation, where the short-lived ones parsing the next
 * RFC also land and pile up until a full collection: some runs then peaked above 350 MiB and took
 * a third longer, depending on when the collector happened to look. node:v8 costs a few
 * milliseconds to load, so a small run never pays for it.
 */
function steadyHeapForLargeRun(): void {
  try {
    setFlagsFromString('--no-allocation-site-pretenuring');
  } catch {
    // not fatal: the run only uses more memory
  }
}

function baseName(f: string): string {
  return f.slice(f.lastIndexOf('/') + 1);
}
