/**
 * The one citation reader: where a text cites a section of an RFC (RFC 0001 §D). Invariants call
 * it on YAML prose (`note`), the RFC reader on RFC prose; resolve.ts says whether the section is
 * there. Citations of documents that are not RFCs (`ai-envelope.md §"Trust boundary"`) are left
 * alone: their sections are not indexed.
 */
export interface RfcCitation {
  /** The cited RFC's number; undefined for a bare `§X`, which names a section of the citing RFC. */
  rfc?: string;
  /** `D.7`, `Host-RPC`, or a quoted name (`"Promotion to Accepted"`, quotes kept, whitespace folded). */
  section?: string;
  /** Offsets in the text the citation was found in (prose) or of the whole string (structured). */
  start: number;
  end: number;
  /**
   * A bare `§X` (no RFC written with it): `rfc` is then the document the text means, read as a
   * reader reads it (citations.ts, `findRfcCitations`), undefined for the citing RFC itself.
   */
  bare?: true;
  /** For a bare `§X`: the other RFCs named before it in its paragraph, list item or table row, or in the heading above (other readings). */
  nearby?: string[];
  /** A bare `§X` the text says is the citing RFC's own ("see §C below", "this RFC's §D.5"). */
  explicit?: true;
}

/**
 * Where a bare `§X` stands, from the document's tree (read.ts): where its paragraph, list item or
 * table row starts (or the bold label inside it that opens its sub-section), and the RFCs the
 * heading above it names.
 */
export interface CitationContext {
  scopeStart(at: number): number;
  headingRfcs(at: number): string[];
}

/** A citation that names its RFC by number. */
export type NumberedCitation = RfcCitation & { rfc: string };

/** Structured form: `"0211"`, `"0211 §D"`, `"0211 §D.7"` (an optional leading `RFC ` is tolerated). */
export function parseStructuredCitation(s: string): Omit<NumberedCitation, 'start' | 'end'> | undefined {
  const m = /^(?:RFC[ -]?)?(\d{4})(?:\s*§\s?(.+))?$/.exec(s.trim());
  if (!m) return undefined;
  if (!m[2]) return { rfc: m[1]! };
  const section = sectionToken(m[2].trim());
  return section ? { rfc: m[1]!, section } : { rfc: m[1]! };
}

/** An id: letters and digits joined by `.` or `-` (`D.7`, `A14`, `F-1`, `Host-RPC`, `D.4-5`). */
const ID = String.raw`[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*`;
/** A quoted name, straight or curly quotes, which a line break may split (at most three lines). */
const QUOTED = String.raw`"[^"\n]{1,160}(?:\n[^"\n]{0,160}){0,2}"|“[^”\n]{1,160}(?:\n[^”\n]{0,160}){0,2}”`;
/** `§Unresolved 1`, `§Unresolved-1`: an open question by its number, as upstream's prose cites one. */
const QUESTION = String.raw`Unresolved[- ]\d+(?![\w.])`;
const ONE = String.raw`§\s?(?:${QUOTED}|${QUESTION}|${ID})`;
/** Sections chained after the first: `§A/§B`, `§B.1 + §B.3`, `§A and §C`, `§A, §B`. */
const JOIN = String.raw`\s*(?:\/|\+|,|&|\band\b|\bor\b)\s*`;
const SECTIONS = String.raw`(?:\*{0,2}\s*${ONE}(?:${JOIN}${ONE})*)?`;
const NUMBER = String.raw`(\d{4})(?![\d])(?!-\d)`;
/**
 * `RFC 0027`, `RFC-0027`, `RFCs 0183/0186`, each number optionally followed by sections. A line
 * break may fall anywhere in it (`… RFC` / `0132 …`).
 */
const HEAD = new RegExp(String.raw`\bRFCs?(?:\s+|-)?${NUMBER}(${SECTIONS})`, 'g');
/** More numbers after the first without their own `RFC`: `0046/0079`, `0152 / 0153`. */
const MORE = new RegExp(String.raw`^\s*\/\s*${NUMBER}(${SECTIONS})`);
/**
 * An RFC named by its file (`RFCS/0001-rfc-process.md`, a link to `0001-rfc-process.md`,
 * `RFCs/0001`) and followed by sections.
 */
const BY_FILE = new RegExp(String.raw`(?<![\w/.-])(?:\.{1,2}\/)*(?:(?:RFCS\/)?(\d{4})-[a-z0-9][a-z0-9-]*\.md|RFCs?\/(\d{4})(?![\w-]))\`?\)?(${SECTIONS})`, 'gi');
const ONE_RE = new RegExp(ONE, 'g');

/** The section a `§…` token names: an id without a trailing period, or a quoted name with its whitespace folded. */
function sectionToken(token: string): string | undefined {
  const t = token.replace(/^§\s?/, '');
  const q = /^["“]([\s\S]*)["”]$/.exec(t);
  if (q) return `"${q[1]!.replace(/\s+/g, ' ').trim().replace(/[.,;:]$/, '')}"`;
  const id = new RegExp(`^(?:${QUESTION}|${ID})`).exec(t)?.[0];
  return id || undefined;
}

/**
 * RFC citations that name an RFC by number, as upstream writes them in prose (`RFC 0027 §E.`,
 * `RFC 0152 / 0153`, `RFC 0168 §B.1`, `RFC 0001 §"Promotion to Accepted"`). Each number becomes
 * one citation per section it names (or one without).
 */
export function findProseCitations(text: string): NumberedCitation[] {
  const out: NumberedCitation[] = [];
  for (const m of text.matchAll(HEAD)) {
    let end = m.index! + m[0].length;
    push(out, m[1]!, m[2]!, m.index!, end);
    for (;;) {
      const more = MORE.exec(text.slice(end));
      if (!more) break;
      const at = end + more[0].search(/\d/);
      const next = end + more[0].length;
      push(out, more[1]!, more[2]!, at, next);
      end = next;
    }
  }
  return out;
}

function push<C extends RfcCitation>(out: C[], rfc: C['rfc'], sections: string, start: number, end: number): void {
  const names = [...sections.matchAll(ONE_RE)];
  if (names.length === 0) {
    if (rfc) out.push({ rfc, start, end } as C);
    return;
  }
  const sectionsStart = end - sections.length;
  for (const s of names) {
    const section = sectionToken(s[0]);
    if (section) out.push({ ...(rfc ? { rfc } : {}), section, start, end: sectionsStart + s.index! + s[0].length } as C);
  }
}

/** A designator, not a name: `F`, `D.5`, `A14`, `2.3`, a range `D.1-3`; `§D-vs-fork` is `§D` in a compound word. */
const DESIGNATOR = /^([A-Z](?:\.\d+)*(?:\.\d+-\d+)?|[A-Z][A-Za-z]?\d+(?:\.\d+)*|\d+(?:\.\d+)*)(?![A-Za-z0-9]|\.\d|-\d)/;
/** Words after which a bare `§X` is this RFC's own section ("per §B", "the §F legs", "this RFC's §D.5"). */
const OWN_LEAD = /(?:^|[—–:;,.>→+/(\[|-]|(?:^|[^\p{L}\p{N}'])(?:the|per|see|in|of|under|from|and|or|with|to|by|at|via|cf\.?|also|both|each|whose|where|its|this|that|than|as|on|into|like|one|this RFC's|the RFC's|document's))$/iu;

/** A file name, a link target or another document named just before a `§` (`ai-envelope.md`, `[x](y)`, `ADR 0153`). */
const OTHER_DOCUMENT = /(?:\w\.(?:md|json|ya?ml|proto|ts|js)\b|\]\(|\bADRs?\s*\d|\bRFCs?(?:\s+|-)?\d{4}|\bspec\b)/i;
/** Where a sentence or a cell starts, looking back from a `§`. */
const SENTENCE_START = /(?:\n[ \t]*\n|\||\.\s+(?=[A-Z*`(])|\n[ \t]*(?:[-*+]|\d+[.)])\s|^#+\s)/g;

/**
 * Every RFC citation of an RFC's own text: those naming an RFC by number or by file, and bare
 * `§X` citing the RFC itself. `skip` holds the ranges that are not prose (code, HTML), sorted;
 * `own` the offsets where the RFC's own headings and labels start (a `### §C …` is not a citation).
 *
 * A bare `§X` is read as the citing RFC's own section only when nothing else could be meant: it
 * opens with a capital letter, a digit or a quote; no other document (a file, a link, another RFC)
 * is named earlier in its sentence or cell, unless it continues a chain (`§A/§B`) whose head it
 * follows; and it is not followed by "of …" or "in …" naming where it is.
 */
export function findRfcCitations(text: string, skip: ReadonlyArray<readonly [number, number]>, own: ReadonlySet<number> = new Set(), context?: CitationContext): RfcCitation[] {
  const inSkip = within([...skip]);
  const out: RfcCitation[] = [];
  const taken: Array<[number, number]> = [];
  /** Each RFC the text names, where (for the nearest-document reading of a bare `§`). */
  const mentions: Array<{ at: number; end: number; rfc: string }> = [];
  for (const c of findProseCitations(text)) {
    taken.push([c.start, c.end]);
    mentions.push({ at: c.start, end: c.end, rfc: c.rfc });
    if (!inSkip(c.start)) out.push(c);
  }
  for (const m of text.matchAll(/\bRFCs?(?:\s+|-)?(\d{4})(?![\d])(?!-\d)/g)) mentions.push({ at: m.index!, end: m.index! + m[0].length, rfc: m[1]! });
  for (const m of text.matchAll(BY_FILE)) {
    const rfc = (m[1] ?? m[2])!;
    const end = m.index! + m[0].length;
    mentions.push({ at: m.index!, end, rfc });
    if (!m[3] || inSkip(m.index!)) continue;
    taken.push([m.index!, end]);
    push(out, rfc, m[3], m.index!, end);
  }
  mentions.sort((a, b) => a.at - b.at);
  const isTaken = within(taken);
  const near = nearBefore(mentions);
  const headOf = (at: number) => near(at + 1, at - 2000, 8).find((x) => at < x.end)?.rfc;
  // Bare citations, each with the reading of the one it is chained to.
  let prev: { end: number; reading: Reading } | undefined;
  for (const m of text.matchAll(ONE_RE)) {
    const at = m.index!;
    const end = at + m[0].length;
    if (isTaken(at)) {
      const rfc = headOf(at);
      prev = { end, reading: rfc ? { rfc } : 'other' };
      continue;
    }
    const chained = prev !== undefined && new RegExp(`^${JOIN}$`).test(text.slice(prev.end, at));
    const reading: Reading = chained ? prev!.reading : readBare(text, at, end, near);
    prev = { end, reading };
    if (reading === 'other' || inSkip(at) || own.has(at) || ownLabel(text, at)) continue;
    // Only a designator: a bare name (`§Connectors`, `§"Schema discipline"`) is, in practice, a
    // section of the document the sentence is about, which is named before or after it.
    const id = DESIGNATOR.exec(m[0].replace(/^§\s?/, ''))?.[1];
    if (!id) continue;
    // The paragraph, list item or table row it stands in, and the heading above: the RFCs named there.
    const from = context?.scopeStart(at) ?? at;
    const inScope = near(at, from, SCOPE_MENTIONS).filter((x) => x.end <= at).map((x) => x.rfc).reverse();
    const above = context?.headingRfcs(at) ?? [];
    // The nearest document named before it (its sentence, else its paragraph, item or row, else the heading above); the RFC itself when none is.
    const rfc = typeof reading === 'object' ? reading.rfc : reading === 'own' ? undefined : (inScope[inScope.length - 1] ?? (above.length === 1 ? above[0] : undefined));
    const nearby = [...new Set([...inScope, ...above])].filter((n) => n !== rfc);
    out.push({ ...(rfc ? { rfc } : {}), section: id, start: at, end: at + m[0].indexOf(id) + id.length, bare: true, ...(reading === 'own' ? { explicit: true as const } : {}), ...(nearby.length ? { nearby } : {}) });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * How a bare `§` reads: `own` (the RFC itself, said so: "this RFC's §D.5", "per §B"), `self` (nothing
 * else named in its sentence), an RFC its sentence names nearest before it, or `other` (a section of
 * something that is not an RFC of the corpus: a file, a link, a spec named just before it).
 */
type Reading = 'own' | 'self' | 'other' | { rfc: string };

type Mention = { at: number; end: number; rfc: string };
/** The mentions starting in [from, before), nearest first, at most `max` of them. */
type Near = (before: number, from: number, max: number) => Mention[];
/** How many RFC mentions back a bare `§` looks in its paragraph, item or row: bounds the work on a hostile paragraph. */
const SCOPE_MENTIONS = 64;

/** `Near` over mentions sorted by start: a binary search, then at most `max` steps back. */
function nearBefore(mentions: readonly Mention[]): Near {
  return (before, from, max) => {
    let lo = 0;
    let hi = mentions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (mentions[mid]!.at < before) lo = mid + 1;
      else hi = mid;
    }
    const out: Mention[] = [];
    for (let i = lo - 1; i >= 0 && out.length < max && mentions[i]!.at >= from; i--) out.push(mentions[i]!);
    return out;
  };
}

/** Whether an offset falls in one of the ranges: a binary search over them sorted and merged (a file may hold many). */
function within(ranges: Array<readonly [number, number]>): (at: number) => boolean {
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return (at) => {
    let lo = 0;
    let hi = merged.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (merged[mid]![1] <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo < merged.length && merged[lo]![0] <= at;
  };
}

/** How the bare `§` at `at` reads from its sentence (`Reading`). */
function readBare(text: string, at: number, end: number, near: Near): Reading {
  if (/^\s+(?:of|in)\s+(?!this\b)/i.test(text.slice(end, end + 20))) return 'other';
  const from = Math.max(0, at - 400);
  const before = text.slice(from, at);
  let start = 0;
  for (const m of before.matchAll(SENTENCE_START)) start = m.index! + m[0].length;
  const sentence = before.slice(start);
  if (/`\s*$/.test(sentence)) return 'other'; // `file.md` §X, `name` §X
  // "A2A §9.5", "GOVERNANCE §…", "Apache-2.0 §3": a name just before it says whose section it is.
  const lead = sentence.replace(/[\s(\[*_"]+$/, '').slice(-40);
  if (!OWN_LEAD.test(lead)) return 'other';
  if (/(?:this|the) RFC's$|document's$/i.test(lead)) return 'own';
  // "per §D", "see §B.2": a lettered section right after such a word is this RFC's, whatever else the sentence names.
  if (/\b(?:per|see|under|in|of)$/i.test(lead) && /^§\s?[A-Z](?:[.\d]|\b)/.test(text.slice(at, end)) && !/^§\s?[A-Z][a-z]/.test(text.slice(at, end))) return 'own';
  // The nearest document its sentence names before it: an RFC is read as meant; anything else (a file, a link, a spec) is not indexed.
  const sentenceFrom = from + start;
  let last: { at: number; rfc?: string } | undefined;
  last = near(at, sentenceFrom, SCOPE_MENTIONS).find((x) => x.end <= at);
  for (const m of sentence.matchAll(new RegExp(OTHER_DOCUMENT.source, 'gi'))) {
    const pos = sentenceFrom + m.index!;
    if (/^(?:RFC|\d)/i.test(m[0]) || near(pos + 1, pos - 400, 8).some((x) => pos < x.end)) continue;
    if (!last || pos > last.at) last = { at: pos };
  }
  if (!last) return 'self';
  return last.rfc ? { rfc: last.rfc } : 'other';
}

/** A `§` opening a bold label (`**§D.7 …**`) or a heading line: the section itself, not a citation. */
function ownLabel(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d+[.)])?[ \t]*\*\*)$/.test(text.slice(lineStart, at));
}
