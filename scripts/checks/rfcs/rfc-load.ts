import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Root } from 'mdast';
import type { ParseCache } from '../../core/parse-cache.js';
import type { RfcDocument } from './rfc-document.js';

/**
 * An RFC file's text → its RfcDocument. The mdast tree lives only for the extraction; the result
 * is plain data. For files micromark has to parse it is cached on disk by content
 * (parse-cache.ts), so a warm run never imports micromark. Bump EXTRACTOR_VERSION whenever
 * readRfc's output changes.
 */
const EXTRACTOR_VERSION = 'rfc-document-v2';

/**
 * GFM is narrowed to what RFCs use: tables (the header), task-list items (acceptance boxes) and
 * strikethrough (resolved questions). Autolink literals (they render to the same text) and
 * footnotes (no RFC uses them) are left out: they are most of GFM's parse cost. When the
 * extension packages (dependencies of remark-gfm) cannot be resolved, all of remark-gfm is used.
 */
const LEAN_PACKAGES = [
  'micromark-extension-gfm-table',
  'mdast-util-gfm-table',
  'micromark-extension-gfm-task-list-item',
  'mdast-util-gfm-task-list-item',
  'micromark-extension-gfm-strikethrough',
  'mdast-util-gfm-strikethrough',
] as const;
const CORE_PACKAGES = ['remark-parse', 'mdast-util-from-markdown', 'micromark'] as const;

type Cached = Omit<RfcDocument, 'file' | 'fileNumber'>;
type Parse = (text: string) => Root;

let setup: { lean: boolean; version: string } | undefined;
let parser: Promise<Parse> | undefined;

/** Which parser is used and the cache version naming it: extractor + parser package versions. */
function parserSetup(): { lean: boolean; version: string } {
  if (setup) return setup;
  const require = createRequire(import.meta.url);
  const version = (name: string): string | undefined => {
    try {
      // Package exports hide package.json: find it beside the resolved entry point.
      let dir = path.dirname(require.resolve(name));
      for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
        try {
          const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
          if (pkg.name === name) return pkg.version ?? '?';
        } catch {
          // not here; one folder up
        }
      }
      return '?';
    } catch {
      return undefined;
    }
  };
  const leanVersions = LEAN_PACKAGES.map((p) => [p, version(p)] as const);
  const lean = leanVersions.every(([, v]) => v !== undefined);
  const names = lean ? leanVersions : [['remark-gfm', version('remark-gfm')] as const];
  const all = [...CORE_PACKAGES.map((p) => [p, version(p)] as const), ...names];
  setup = { lean, version: [EXTRACTOR_VERSION, lean ? 'lean-gfm' : 'remark-gfm', ...all.map(([p, v]) => `${p}@${v ?? 'none'}`)].join(' ') };
  return setup;
}

async function makeParser(lean: boolean): Promise<Parse> {
  const [{ unified }, { default: remarkParse }] = await Promise.all([import('unified'), import('remark-parse')]);
  if (!lean) {
    const { default: remarkGfm } = await import('remark-gfm');
    const processor = unified().use(remarkParse).use(remarkGfm);
    return (text) => processor.parse(text) as Root;
  }
  const [table, tableMd, task, taskMd, strike, strikeMd] = await Promise.all([
    import('micromark-extension-gfm-table'),
    import('mdast-util-gfm-table'),
    import('micromark-extension-gfm-task-list-item'),
    import('mdast-util-gfm-task-list-item'),
    import('micromark-extension-gfm-strikethrough'),
    import('mdast-util-gfm-strikethrough'),
  ]);
  const processor = unified()
    .use(remarkParse)
    .data('micromarkExtensions', [strike.gfmStrikethrough(), table.gfmTable(), task.gfmTaskListItem()])
    .data('fromMarkdownExtensions', [strikeMd.gfmStrikethroughFromMarkdown(), tableMd.gfmTableFromMarkdown(), taskMd.gfmTaskListItemFromMarkdown()]);
  return (text) => processor.parse(text) as Root;
}

function rfcParser(): Promise<Parse> {
  parser ??= makeParser(parserSetup().lean);
  return parser;
}

/** The mdast of an RFC, parsed as the RFC gates parse it (for tests comparing the two parsers). */
export async function parseRfcMarkdown(text: string): Promise<Root> {
  return (await rfcParser())(text);
}

declare const __RFC_EXTRACT_FINGERPRINT__: string | undefined;

/**
 * A hash of the subset parser's and the reader's sources, inlined by the bundler
 * (vite.build.config.ts); undefined when running from sources, where nothing it parses is cached.
 */
const SUBSET_FINGERPRINT = typeof __RFC_EXTRACT_FINGERPRINT__ === 'string' ? __RFC_EXTRACT_FINGERPRINT__ : undefined;

type CacheArg = ParseCache | (() => Promise<ParseCache | undefined>);

/**
 * The RFC document of one file. A file inside the markdown subset (markdown-subset.ts) is parsed
 * by the subset parser, which never loads micromark; any other file is parsed by micromark, with
 * what was extracted cached by content. With `cacheSubset` (a repository with few RFCs), what the
 * subset parser extracts is cached too: in a short process the parser's code is still cold and
 * reads an RFC in milliseconds, where reading its entry takes a fraction of one; with thousands
 * of RFCs the parser warms up and outruns writing thousands of entries, so they are not cached.
 * Parse and extract run with no await in between, so each tree is garbage before the next file
 * is parsed (callers start many of these at once).
 */
export async function loadRfcDocument(file: string, text: string, cache?: CacheArg, opts: { cacheSubset?: boolean; ownStrings?: boolean } = {}): Promise<RfcDocument> {
  const doc = await load(file, text, cache, opts);
  return opts.ownStrings ? ownStrings(doc) : doc;
}

/**
 * The document with every string copied out of the file's text: V8 keeps a substring as a view
 * of the whole text, so 2,000 documents would otherwise keep 2,000 texts alive. A JSON round
 * trip copies them all natively, and a document is plain data by design (the parse cache stores
 * it as JSON too).
 */
function ownStrings(doc: RfcDocument): RfcDocument {
  return JSON.parse(JSON.stringify(doc)) as RfcDocument;
}

async function load(file: string, text: string, cache: CacheArg | undefined, opts: { cacheSubset?: boolean }): Promise<RfcDocument> {
  const open = async () => (typeof cache === 'function' ? await cache() : cache);
  if (opts.cacheSubset && SUBSET_FINGERPRINT) {
    const c = await open();
    if (c) {
      const key = (await import('../../core/parse-cache.js')).parseCacheKey(`${EXTRACTOR_VERSION} subset ${SUBSET_FINGERPRINT}`, text);
      const hit = fromEntry(file, c.get<Cached>(key));
      if (hit) return hit;
      const fast = (await import('./rfc-read-subset.js')).readRfcInSubset(file, text);
      if (!fast) return loadWithMicromark(file, text, c);
      c.set(key, toEntry(fast));
      return fast;
    }
  }
  const fast = (await import('./rfc-read-subset.js')).readRfcInSubset(file, text);
  if (fast) return fast;
  // The cache (and what it loads) is opened only for a file micromark has to parse.
  return loadWithMicromark(file, text, await open());
}

/** A file outside the subset: micromark, with what was extracted cached by content. */
async function loadWithMicromark(file: string, text: string, cache?: ParseCache): Promise<RfcDocument> {
  const [{ readRfc }, { LineIndex }] = await Promise.all([import('./rfc-document.js'), import('../../core/position.js')]);
  const key = cache ? (await import('../../core/parse-cache.js')).parseCacheKey(parserSetup().version, text) : undefined;
  const hit = cache && key ? fromEntry(file, cache.get<Cached>(key)) : undefined;
  if (hit) return hit;
  const parse = await rfcParser();
  const doc = readRfc({ file, text, tree: parse(text), lines: new LineIndex(text) });
  if (cache && key) cache.set(key, toEntry(doc));
  return doc;
}

/** A cache entry holds the document without its file name (the same text may sit in two files). */
function toEntry(doc: RfcDocument): Cached {
  const { file: _file, fileNumber: _number, ...rest } = doc;
  return rest;
}

function fromEntry(file: string, hit: Cached | undefined): RfcDocument | undefined {
  if (!hit || typeof hit !== 'object' || !Array.isArray(hit.sections)) return undefined;
  const fileNumber = /^(\d{4})-[^/]*\.md$/.exec(path.posix.basename(file))?.[1];
  return { file, ...(fileNumber ? { fileNumber } : {}), ...hit };
}
