import type { Finding } from '../model/findings.js';
import type { Layout } from '../preset/layout.js';
import { pathKind } from '../replay/observed-reads.js';
import path from 'node:path';
import type { FileSource } from '../io/source.js';
import { MAX_FILE_BYTES, toPosix } from '../io/source.js';
import type { MarkdownDoc } from './markdown.js';
import { isUtf8 } from 'node:buffer';
import { LineIndex } from '../model/position.js';
import { parseJson } from './json-tree.js';
import { parseYaml } from './yaml-tree.js';
import { MARKDOWN_TOO_COMPLEX, markdownComplexity } from './markdown-bounds.js';
import type { ReadingMessageId, ReadingRuleId } from '../model/reading-messages.js';
import { readingMessage } from '../model/reading-messages.js';
import type { ParseProblem, TreeNode } from '../model/tree.js';
import { StructuredDoc } from '../model/tree.js';
import { dataFormatOf } from '../model/data-format.js';
import type { CacheStore } from '../cache/cache.js';
import { bytesSha256, knownBytesSha256, libraryVersion, openCache, sha256 } from '../cache/cache.js';

export { MAX_FILE_BYTES };

/**
 * What a rule may read: the corpus's typed loaders (text, JSON/YAML trees with pointers, Markdown,
 * globs, derived values cached per run), without its file source, its findings or its bookkeeping.
 * Rules and the loaders they call (the RFC set, the invariant set, the wire context) take this.
 */
export type CorpusReader = Pick<Corpus, 'root' | 'layout' | 'useParseCache' | 'exists' | 'text' | 'contains' | 'json' | 'yaml' | 'data' | 'markdownText' | 'markdown' | 'derive' | 'touch' | 'cachedText' | 'byteLength' | 'contentHash' | 'glob' | 'givenPath' | 'cache' | 'problems'> & Partial<Pick<Corpus, 'work' | 'peekMarkdownText'>>;

/**
 * Parses kept from one run to the next, by file and text: the language server checks the same
 * unchanged files after every keystroke, and the same text always parses the same.
 */
export type ParseMemo = Map<string, { text: string; doc: StructuredDoc | MarkdownDoc | undefined }>;

/**
 * Markdown is parsed by remark (micromark), whose time grows with the square of the number of
 * lists and other containers in a document: 50 KB of short lists under headings took 8 s of CPU
 * and 100 KB 30 s, and a 16 MB RFC 64 s and 4.5 GB. Nothing in remark bounds it, so a Markdown
 * file (an RFC, an errata target) is refused past this size. The largest real RFC or governed
 * document seen is 70 KB.
 */
export const MAX_MARKDOWN_BYTES = 128 * 1024;

/**
 * The files of one run, each read and parsed once, and the findings that reading them produced
 * (missing, binary, empty, not parseable). Checks share one Corpus.
 */
export class Corpus {
  private readonly texts = new Map<string, string | undefined>();
  /** Files read with `keep: false`: their bytes, decoded again when asked for (off the JS heap, half the size of a string). */
  private readonly bytes = new Map<string, Buffer>();
  private readonly existing = new Map<string, boolean>();
  /** SHA-256 of the text read of a file, once taken (contentHash). */
  private readonly hashes = new Map<string, string>();
  private readonly docs = new Map<string, StructuredDoc | undefined>();
  private readonly markdowns = new Map<string, MarkdownDoc | undefined>();
  private readonly reported = new Set<string>();
  private readonly derived = new WeakMap<object, Map<string, { value: unknown; files: readonly string[]; asked: ReadonlyMap<string, string> }>>();
  private touched: Set<string> | undefined;
  /** While a family runs under the findings cache (core/engine/family-cache.ts): the answers to its questions other than file reads (existence, globs). */
  private asked: Map<string, string> | undefined;
  readonly problems: Finding[] = [];
  /** Work the run's loaders did, by what was done (`RFC readings parsed`): `check --debug` prints it, and tests count it. */
  readonly work = new Map<string, number>();
  /** Whether what is extracted from parsed files may be read from and written to the on-disk parse cache (`--no-cache` turns it off). */
  useParseCache = true;

  private store: CacheStore | null | undefined;

  /** The on-disk cache of this run (parses, validators), or undefined with `--no-cache` or where its folder may not be used. */
  get cache(): CacheStore | undefined {
    if (!this.useParseCache) return undefined;
    if (this.store === undefined) this.store = openCache(this.root) ?? null;
    return this.store ?? undefined;
  }

  constructor(
    readonly source: FileSource,
    readonly layout: Layout,
    private readonly memo?: ParseMemo,
  ) {}

  get root(): string {
    return this.source.root;
  }

  /** The files that match the globs (repository-relative), from the run's source: the tree, the index or a commit. */
  async glob(patterns: readonly string[]): Promise<string[]> {
    const asked = this.asked;
    const found = await this.source.glob([...patterns]);
    asked?.set(`glob\0${JSON.stringify(patterns)}`, JSON.stringify(found));
    return found;
  }

  /**
   * A path the user gave on the command line (`--map FILE`), repository-relative: relative to the
   * root when the file is there, else to the working directory, or absolute.
   */
  givenPath(given: string): string {
    let rel = toPosix(path.relative(this.root, path.resolve(this.root, given)));
    if (!path.isAbsolute(given) && !this.exists(rel) && pathKind(path.resolve(given)) !== 'absent') rel = toPosix(path.relative(this.root, path.resolve(given)));
    return rel || given;
  }

  /** Files read so far (for per-family summaries). */
  get filesRead(): string[] {
    return [...this.texts.keys()].filter((f) => this.texts.get(f) !== undefined).concat([...this.bytes.keys()]);
  }

  /**
   * Starts recording which files are asked for from now on (cached ones included), so a
   * per-family summary can count the files each family used although each is read only once.
   */
  track(): ReadonlySet<string> {
    this.touched = new Set();
    return this.touched;
  }

  /**
   * Starts writing down, until `stopAsking`, what the corpus answers other than file reads (those
   * are `track`ed): whether a path exists, what a glob lists. The family findings cache keeps them
   * with the entry and asks them again before it replays one.
   */
  startAsking(): Map<string, string> {
    return (this.asked = new Map());
  }

  stopAsking(): void {
    this.asked = undefined;
  }

  /** Whether a file exists; asked once per path a run (2,000 RFCs name the same few paths). */
  exists(rel: string): boolean {
    const known = this.existsNow(rel);
    this.asked?.set(`exists\0${rel}`, String(known));
    return known;
  }

  private existsNow(rel: string): boolean {
    if (this.texts.get(rel) !== undefined || this.bytes.has(rel)) return true;
    let known = this.existing.get(rel);
    if (known === undefined) this.existing.set(rel, (known = this.source.exists(rel)));
    return known;
  }

  /**
   * A file's SHA-256: of the text this run read, else of what the source holds now (read here
   * without a finding: a question, not a use); undefined when it cannot be read or was refused.
   * The hash of what the run read is taken once a run (the RFC reading keys, the family findings
   * cache and the pending errata all ask), from the bytes as read when they are still at hand.
   */
  contentHash(rel: string): string | undefined {
    const known = this.hashes.get(rel);
    if (known !== undefined) return known;
    const text = this.texts.get(rel);
    if (text !== undefined) {
      const hash = sha256(Buffer.from(text, 'utf8'));
      this.hashes.set(rel, hash);
      return hash;
    }
    if (this.texts.has(rel)) return undefined;
    const kept = this.bytes.get(rel);
    if (kept) return bytesSha256(kept);
    const got = this.source.read(rel);
    return got.ok ? sha256(got.bytes) : undefined;
  }

  /** The text of a file, or undefined (and a finding) when it is missing, binary or too large. */
  text(rel: string, neededFor?: string): string | undefined {
    this.touched?.add(rel);
    if (this.texts.has(rel)) return this.texts.get(rel);
    const buf = this.bytesOf(rel, neededFor);
    if (buf === undefined) return undefined;
    const text = buf.toString('utf8');
    // Valid UTF-8 decodes and encodes back to the same bytes: their hash, if taken (the result cache takes it), is the text's.
    const hash = knownBytesSha256(buf);
    if (hash !== undefined) this.hashes.set(rel, hash);
    this.bytes.delete(rel);
    this.texts.set(rel, text);
    return text;
  }

  /**
   * The byte length of a file's text, read and checked as `text` reads it (the same findings;
   * undefined where `text` would be), without decoding it: an RFC whose reading is kept in the
   * cache is known by its bytes' hash and never needs its string.
   */
  byteLength(rel: string, neededFor?: string): number | undefined {
    this.touched?.add(rel);
    if (this.texts.has(rel)) {
      const text = this.texts.get(rel);
      return text === undefined ? undefined : Buffer.byteLength(text);
    }
    return this.bytesOf(rel, neededFor)?.length;
  }

  /** Whether a file's text contains `needle`, searched in its bytes when no string of it is kept (undefined when it cannot be read). */
  contains(rel: string, needle: string): boolean | undefined {
    this.touched?.add(rel);
    if (this.texts.has(rel)) return this.texts.get(rel)?.includes(needle);
    return this.bytesOf(rel, undefined)?.includes(needle, 0, 'utf8');
  }

  /** A file's bytes, read once and checked; undefined (with a finding) when missing, too large or binary. */
  private bytesOf(rel: string, neededFor: string | undefined): Buffer | undefined {
    const kept = this.bytes.get(rel);
    if (kept) return kept;
    const got = this.source.read(rel);
    const buf = got.ok ? got.bytes : undefined;
    if (!got.ok) {
      const needed = neededFor ? ` (needed for ${neededFor})` : '';
      if (got.failure === 'missing') this.problem(rel, 'corpus/missing-file', 'missing', { needed, source: this.source.label });
      else if (got.failure === 'too-large') this.problem(rel, 'parse/too-large', 'read', { why: got.message });
      else this.problem(rel, 'corpus/unreadable-file', 'unreadable', { file: rel, why: got.message, needed });
    } else if (buf!.length > MAX_FILE_BYTES) {
      this.problem(rel, 'parse/too-large', 'bytes', { bytes: buf!.length, max: MAX_FILE_BYTES });
    } else if (buf!.includes(0)) {
      this.problem(rel, 'parse/binary', 'nul');
    } else if (!isUtf8(buf!)) {
      this.problemAt(rel, 'parse/invalid-utf8', buf!, firstInvalidUtf8(buf!), readingMessage('parse/invalid-utf8', 'invalid'));
    } else {
      this.bytes.set(rel, buf!);
      return buf;
    }
    this.texts.set(rel, undefined);
    return undefined;
  }

  /** Counts a file as used by the family running now, without reading it again. */
  touch(rel: string): void {
    this.touched?.add(rel);
  }

  /**
   * A value computed from files of this run, once per owner and name; the files the computation
   * read count for every family that asks for it, not only the first (a family's "files read"
   * must not depend on which families ran before it). `compute` is synchronous, so the reads it
   * makes are its own. Kept per run: a parse the editor reuses from the last run may be judged
   * against other files now.
   */
  derive<T>(owner: object, name: string, compute: () => T): T {
    let byName = this.derived.get(owner);
    if (!byName) this.derived.set(owner, (byName = new Map()));
    const hit = byName.get(name);
    if (hit) {
      for (const f of hit.files) this.touch(f);
      for (const [q, a] of hit.asked) this.asked?.set(q, a);
      return hit.value as T;
    }
    const outer = this.touched;
    const outerAsked = this.asked;
    const own = new Set<string>();
    const ownAsked = new Map<string, string>();
    this.touched = own;
    this.asked = ownAsked;
    let value: T;
    try {
      value = compute();
    } finally {
      this.touched = outer;
      this.asked = outerAsked;
      for (const f of own) outer?.add(f);
      for (const [q, a] of ownAsked) outerAsked?.set(q, a);
    }
    byName.set(name, { value, files: [...own], asked: ownAsked });
    return value;
  }

  /** Text of a file already read (for code frames). */
  cachedText(rel: string): string | undefined {
    return this.texts.get(rel) ?? this.bytes.get(rel)?.toString('utf8');
  }

  json(rel: string, neededFor?: string): StructuredDoc | undefined {
    return this.structured(rel, neededFor, parseJson);
  }

  yaml(rel: string, neededFor?: string): StructuredDoc | undefined {
    return this.structured(rel, neededFor, parseYaml);
  }

  /** JSON or YAML by file extension. */
  data(rel: string, neededFor?: string): StructuredDoc | undefined {
    return dataFormatOf(rel) === 'yaml' ? this.yaml(rel, neededFor) : this.json(rel, neededFor);
  }

  /**
   * The text of a Markdown file, or undefined (and a finding) past MAX_MARKDOWN_BYTES
   * (`parse/markdown-too-large`) or past a container cap remark cannot parse in bounded time
   * (`parse/markdown-too-complex`, core/parse/markdown-bounds.ts). `withinCaps` says this very
   * text is already known to pass the container caps (an authenticated reading of it was made
   * after they were checked, and the caps' code is in that reading's key: rfc/load.ts), so the
   * pass over its lines is not made again; the size cap is checked whatever it says.
   */
  markdownText(rel: string, neededFor?: string, withinCaps?: (text: string) => boolean): string | undefined {
    const text = this.text(rel, neededFor);
    if (text === undefined) return text;
    const bytes = text.length <= MAX_MARKDOWN_BYTES / 4 ? text.length : Buffer.byteLength(text);
    if (bytes > MAX_MARKDOWN_BYTES) {
      this.problem(rel, 'parse/markdown-too-large', 'bytes', { bytes, max: MAX_MARKDOWN_BYTES });
      return undefined;
    }
    if (withinCaps?.(text)) return text;
    // Counted, not timed: after one RFC is edited a run passes over that one's lines alone.
    this.work.set('Markdown caps checked', (this.work.get('Markdown caps checked') ?? 0) + 1);
    const complex = markdownComplexity(text);
    if (!complex) return text;
    this.problem(rel, MARKDOWN_TOO_COMPLEX.id, complex.messageId, complex.data, complex.line);
    return undefined;
  }

  /**
   * A Markdown file's text as `markdownText` would give it, or undefined where that would not give
   * it: read without a finding and without counting for the family running now (only the bytes of
   * a file that reads cleanly are kept, as the ordinary read keeps them). A look ahead that only decides where to parse (the RFC reader's parse workers); the file
   * is then read the ordinary way.
   */
  peekMarkdownText(rel: string): string | undefined {
    let text = this.texts.get(rel) ?? this.bytes.get(rel)?.toString('utf8');
    if (text === undefined) {
      if (this.texts.has(rel)) return undefined;
      const got = this.source.read(rel);
      if (!got.ok || got.bytes.length > MAX_FILE_BYTES || got.bytes.includes(0) || !isUtf8(got.bytes)) return undefined;
      // What bytesOf keeps of a file that reads cleanly, so the ordinary read does not read it again.
      this.bytes.set(rel, got.bytes);
      text = got.bytes.toString('utf8');
    }
    if (Buffer.byteLength(text) > MAX_MARKDOWN_BYTES || markdownComplexity(text)) return undefined;
    return text;
  }

  async markdown(rel: string): Promise<MarkdownDoc | undefined> {
    this.touched?.add(rel);
    if (this.markdowns.has(rel)) return this.markdowns.get(rel);
    const text = this.markdownText(rel);
    let doc: MarkdownDoc | undefined;
    if (text !== undefined) {
      const { parseMarkdown } = await import('./markdown.js');
      doc = this.memoized(`md\0${rel}`, text, () => parseMarkdown(rel, text)) as MarkdownDoc;
    }
    this.markdowns.set(rel, doc);
    return doc;
  }

  private structured(rel: string, neededFor: string | undefined, parse: (file: string, text: string) => StructuredDoc): StructuredDoc | undefined {
    this.touched?.add(rel);
    if (this.docs.has(rel)) return this.docs.get(rel);
    const text = this.text(rel, neededFor);
    let doc: StructuredDoc | undefined;
    if (text !== undefined) {
      doc = this.memoized(`${parse.name}\0${rel}`, text, () => (parse === parseYaml ? this.yamlThroughCache(rel, text) : parse(rel, text))) as StructuredDoc;
      // js-yaml drops a leading byte-order mark silently; a governed YAML file must not carry one, as a JSON file must not.
      if (parse === parseYaml && text.charCodeAt(0) === 0xfeff && !doc.problems.some((p) => p.code === 'bom')) {
        doc.problems.push({ code: 'bom', ...readingMessage('parse/bom', 'yaml'), start: 0, end: 1 });
      }
      for (const p of doc.problems) this.parseProblem(rel, text, p, doc.lines);
      if (!doc.ok) doc = undefined;
    }
    this.docs.set(rel, doc);
    return doc;
  }

  /**
   * A YAML document read whole (the OpenAPI document, an invariants file): its value and its tree
   * of source ranges kept in the parse cache by js-yaml's version and the text, when it parsed
   * cleanly and its value survives JSON — a warm run does not load js-yaml. (JSON is not cached:
   * JSON.parse of the text costs what reading an entry would.) The value and the tree are two
   * entries: the tree, three times the value's size for upstream's invariants file, is read only
   * when a finding needs a position (a report or a clean check needs none); an entry of it that
   * is missing or does not read is the tree of a fresh parse of the same text.
   */
  private yamlThroughCache(rel: string, text: string): StructuredDoc {
    const cache = this.cache;
    if (!cache) return parseYaml(rel, text);
    const key = sha256(`yaml 3\0js-yaml@${libraryVersion('js-yaml')}\0${this.textHash(rel, text)}`);
    const body = cache.get('parsed', `${key}.yaml.json`);
    if (body !== undefined) {
      try {
        const entry = JSON.parse(body) as { value?: unknown };
        if (typeof entry === 'object' && entry !== null && 'value' in entry) {
          const tree = (): TreeNode => {
            const kept = cache.get('parsed', `${key}.tree.yaml.json`);
            try {
              const node = kept === undefined ? undefined : (JSON.parse(kept) as TreeNode | null);
              if (typeof node === 'object' && node !== null) return node;
            } catch {
              // torn: parsed again below
            }
            return parseYaml(rel, text).root!;
          };
          return new StructuredDoc(rel, text, entry.value, tree, []);
        }
      } catch {
        // torn: parsed below
      }
    }
    const doc = parseYaml(rel, text);
    if (doc.ok && doc.problems.length === 0 && survivesJson(doc.value)) {
      cache.set('parsed', `${key}.tree.yaml.json`, JSON.stringify(doc.root));
      cache.set('parsed', `${key}.yaml.json`, JSON.stringify({ value: doc.value }));
    }
    return doc;
  }

  /** The SHA-256 of `text`, the text this run read of `rel` (taken once: contentHash). */
  private textHash(rel: string, text: string): string {
    return this.texts.get(rel) === text ? this.contentHash(rel)! : sha256(text);
  }

  private memoized<T extends StructuredDoc | MarkdownDoc>(key: string, text: string, parse: () => T): T {
    const hit = this.memo?.get(key);
    if (hit && hit.text === text) return hit.doc as T;
    const doc = parse();
    this.memo?.set(key, { text, doc });
    return doc;
  }

  /** A parse finding; applySeverities cites it by its file's format (a JSON file's RFC 8259, a YAML file's YAML 1.2). */
  private parseProblem(file: string, text: string, p: ParseProblem, lines: LineIndex): void {
    const range = lines.range(p.start, Math.max(p.end, Math.min(p.start + 1, text.length)));
    this.problems.push({ ruleId: `parse/${p.code}`, severity: 'error', file, ...range, messageId: p.messageId, message: p.message });
  }

  /** A finding at a byte offset of a file that is not kept (so located by counting its lines here). */
  private problemAt(file: string, ruleId: ReadingRuleId, buf: Buffer, offset: number, worded: { messageId: string; message: string }): void {
    const key = `${ruleId}\0${file}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    let line = 1;
    let lineStart = 0;
    for (let i = buf.indexOf(10); i !== -1 && i < offset; i = buf.indexOf(10, i + 1)) {
      line++;
      lineStart = i + 1;
    }
    const column = buf.subarray(lineStart, offset).toString('utf8').length + 1;
    this.problems.push({ ruleId, severity: 'error', file, line, column, endLine: line, endColumn: column + 1, ...worded });
  }

  /** A whole-file finding of a reading rule, worded from one of its templates (core/model/reading-messages.ts). */
  private problem<R extends ReadingRuleId>(file: string, ruleId: R, messageId: ReadingMessageId<R>, data: Readonly<Record<string, string | number>> = {}, line = 1): void {
    const key = `${ruleId}\0${file}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.problems.push({ ruleId, severity: 'error', file, line, column: 1, endLine: line, endColumn: 1, ...readingMessage(ruleId, messageId, data) });
  }
}

/** The byte offset of the first sequence that is not UTF-8: where the decoder put its first U+FFFD that the bytes do not spell. */
function firstInvalidUtf8(buf: Buffer): number {
  const text = buf.toString('utf8');
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) {
    // Everything before the first bad sequence decodes and re-encodes to the same bytes.
    const at = Buffer.byteLength(text.slice(0, i), 'utf8');
    if (!(buf[at] === 0xef && buf[at + 1] === 0xbf && buf[at + 2] === 0xbd)) return at;
  }
  return 0;
}

/** Whether JSON.stringify then JSON.parse gives the same value back (finite numbers, plain objects and arrays, no `__proto__` key). */
function survivesJson(value: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => survivesJson(v, depth + 1));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  for (const [k, v] of Object.entries(value)) if (k === '__proto__' || !survivesJson(v, depth + 1)) return false;
  return true;
}
