import type { Range } from '../core/model/position.js';
import type { HeaderForm, ProcessProfile, ProcessSections } from '../core/preset/process.js';

/**
 * One RFC file read into the parts the gates need (RFC 0001 §A–§G): the title line, the header
 * table, the section index a citation or an erratum selector resolves against (resolve.ts), the
 * Errata items, the Security lines, the task-list items and the fenced code blocks — each with its
 * source range. Plain data (no mdast nodes, no source text), so the whole document can be cached
 * as JSON (load.ts).
 */
export interface RfcDocument extends SectionIndex {
  /** Repository-relative path. */
  file: string;
  /** The four digits the file name starts with, if it does. */
  fileNumber?: string;
  /** `# RFC NNNN: Title`. */
  title?: TitleLine;
  header: HeaderTable;
  errata: ErratumItem[];
  securityLines: SecurityLine[];
  taskItems: TaskItem[];
  codeBlocks: CodeBlock[];
  /** The `## Unresolved questions` section read for what is still open (undefined when there is none). */
  questions?: OpenQuestions;
  /** Sections of RFCs the prose cites (citations.ts): `RFC NNNN §X`, `RFC NNNN §"Name"`, and bare `§X` of this RFC. */
  citations: ProseCitation[];
  /** Every RFC number its prose cites (code and HTML aside), with or without a section, sorted: the edges of the citation graph. */
  citedRfcs?: string[];
  /** Links to relative paths (`./eip-1.md`): an RFC file another RFC points at. */
  links: Array<{ url: string; range: Range }>;
  /** The first mention of each RFC the prose names in one of the process's `citationForms` (`EIP-155`), and whether it is inside a link. */
  firstMentions?: Array<{ number: string; text: string; range: Range; linked: boolean }>;
}

/**
 * The open questions of an RFC as its structure records them: the items of the lists under
 * "Unresolved questions", the lead-in text above them, and the later sections whose heading names
 * resolutions (`## Phase-0 resolution (architect ruling, …)`, `### Resolution (…)`).
 * `prose` is text a reader sees with inline code left out: an identifier (`authorization.decided`)
 * never reads as a decision.
 */
export interface OpenQuestions {
  /** Text of the blocks before the first list (`leadInProse`: without inline code). */
  leadIn: string;
  leadInProse: string;
  items: QuestionItem[];
  answers: AnswerSection[];
}

/** A lead-in or answer section that answers every question at once. */
export const ALL_RESOLVED = /(?:\b(?:all|every|each)\b[^.]{0,60}\bquestions?\b[^.]{0,40}\b(?:resolved|answered|decided|closed)\b|\bunresolved questions (?:are |were )?resolved\b|^[_*\s]*resolved by\b)/i;

export interface QuestionItem {
  /** The rendered number of a numbered list's item; undefined in a bulleted list. */
  number?: number;
  /** The bold run opening the item (`Directory semantics.`), if any. */
  title?: string;
  /** Rendered text, and the same without inline code and struck text (`prose`). */
  text: string;
  prose: string;
  /** `prose` after the bold title: the item's own words about the question it names. */
  body: string;
  range: Range;
}

export interface AnswerSection {
  title: string;
  range: Range;
  /** The section says every question is resolved. */
  all: boolean;
  /** Numbers of the numbered items it holds, and their bold titles: the questions it answers. */
  numbers: number[];
  titles: string[];
}

export interface ProseCitation {
  /** The cited RFC's number; undefined when the RFC cites its own section (a bare `§X`). */
  rfc?: string;
  /** `D.7`, `Host-RPC`, or a quoted name (`"Promotion to Accepted"`). */
  section: string;
  /** The citation as written, whitespace folded. */
  text: string;
  range: Range;
  /** Written without its RFC (`§D.3`): `rfc` is the document the text means (citations.ts), undefined for the RFC itself. */
  bare?: true;
  /** For a bare citation: other RFCs named before it in its paragraph, list item or table row, or in the heading above. */
  nearby?: string[];
  /** A bare citation the text says is this RFC's own ("see §C below", "per §D", "this RFC's §D.5"). */
  explicit?: true;
}

/** What a selector resolves against (resolve.ts): built from any markdown tree by sections.ts. */
export interface SectionIndex {
  /** Headings of any depth and bold labels, in source order. */
  sections: Section[];
  /** Items of the numbered lists under `## Unresolved questions` (selected as `UQ<n>`). */
  unresolvedQuestions: NumberedItem[];
  /** The title the index read those items under (the process's `sections.unresolvedQuestions`), for messages about `UQ<n>`. */
  unresolvedQuestionsTitle?: string;
  /** Texts of the bold runs opening a paragraph without a designator (`**Negative example.**`): a quoted name may cite one. */
  labelNames?: string[];
  /** Paragraphs that end with a colon and introduce a list (`Open spec gaps:`), their last 200 characters: a quoted name may cite the list. */
  leadIns?: string[];
  /** Tables and numbered lists that do not render for a missing blank line: their rows and items are read as paragraph text, not as section items. */
  unrendered?: UnrenderedBlock[];
}

export interface UnrenderedBlock {
  kind: 'table' | 'list';
  /** The line of the table's header row, or of the list's first item. */
  line: number;
  /** Offsets of the paragraph that holds it. */
  start: number;
  end: number;
  /** Why it does not render, in a reader's words. */
  cause: string;
}

export interface TitleLine {
  range: Range;
  /** The whole heading text. */
  text: string;
  /** NNNN when the heading reads `RFC NNNN: …`. */
  number?: string;
  /** The text after `RFC NNNN: `. */
  name?: string;
}

export interface HeaderTable {
  /** Set when the header is a YAML front-matter preamble (read as rows, one a key); absent for a table. */
  form?: 'preamble';
  /** Range of the first table after the title line, or of the preamble (undefined when there is none). */
  range?: Range;
  /** Why the preamble could not be read as YAML (a syntax error, a duplicate key), where. */
  preambleProblems?: Array<{ message: string; range: Range }>;
  /** Rendered texts of the header row's cells. */
  columns: string[];
  rows: HeaderRow[];
  /** Header rows written inside a `>` quote before the first section: they render as a quote, not as rows. */
  quotedRows?: Array<{ field: string; range: Range }>;
  /**
   * Set when the lines after the title look like a table but do not render as one: GFM makes a
   * table only when the delimiter row has as many cells as the header row.
   */
  unrendered?: UnrenderedTable;
  /** The rows as written, read from the source lines when the table does not render (the Status still counts). */
  sourceRows?: HeaderRow[];
}

export interface UnrenderedTable {
  /** The header row's line. */
  range: Range;
  headerCells: number;
  delimiterCells: number;
  /** Where the first `|` past the delimiter row's count is, when the header row has more cells. */
  extraPipe?: { line: number; column: number };
}

/** One row of an RFC's header table (RFC 0001 §B). */
export interface HeaderRow {
  /** Field name as written, markup removed (`Author(s)`). */
  field: string;
  /** Rendered value text (backticks and bold dropped), trimmed. */
  value: string;
  /** Range of the whole row. */
  range: Range;
  /** Range of the value cell. */
  valueRange: Range;
  /** The value cell's markdown source and where it starts (a table row is one line). */
  valueSource?: string;
  valueAt?: { line: number; column: number };
  /** Inline code spans of the value, with their ranges (paths, statuses). */
  codes: Array<{ value: string; range: Range }>;
  /** Cells of the row as written (split at every unescaped `|`, as GFM does, code spans too). */
  sourceCells?: number;
  /** Where the first `|` past the table's width is, when the row has more cells than the table. */
  extraPipe?: { line: number; column: number };
}

export interface Section {
  /**
   * The designator a selector `§<id>` names: `D` for `### §D …` or `**D. …**`, `D.7` for
   * `### D.7 …` or `**§D.7 …**`, `A14` for `#### §A14 …`, `4` for `### §4 — …` or `### 4. …`.
   * Undefined for an unnumbered heading (selected by name).
   */
  id?: string;
  /** Heading text (or the label's text). */
  title: string;
  /** Heading depth; 0 for a bold label. */
  depth: number;
  kind: 'heading' | 'label';
  /**
   * Items of the first numbered list among the section's own blocks (before any sub-heading):
   * `§C.1` names item 1 of the list under `### §C — …` when no section is `C.1` itself.
   */
  items?: NumberedItem[];
  /** The heading (or label) itself. */
  range: Range;
  /**
   * Offsets of the whole section, from the heading to the end of its last block: a heading's
   * section runs to the next heading of the same or smaller depth, a label's to the next heading
   * or the next label of the same or a higher level (`B.` ends at `C.`, `B.2` at `B.3` or `C.`).
   */
  start: number;
  end: number;
}

export interface ErratumItem {
  range: Range;
  /** Offsets of the item in the source. */
  start: number;
  end: number;
  /** Rendered text (markup removed, inline code kept). */
  text: string;
  /** The item's markdown source. */
  source: string;
}

export interface SecurityLine {
  id: string;
  tier: string;
  severity: string;
  /** The subsection named after the parenthesis (`— §D`), if any. */
  section?: string;
  /** The invariant id's range (its inline code when written so, else the paragraph). */
  range: Range;
}

export interface TaskItem {
  checked: boolean;
  text: string;
  range: Range;
  /** Title of the nearest heading before it. */
  sectionTitle?: string;
  /** Titles of every heading whose section holds it, outermost first (`## Acceptance criteria` above a `### Conformance` sub-heading). */
  sectionTitles?: string[];
}

export interface CodeBlock {
  lang?: string;
  meta?: string;
  value: string;
  range: Range;
  /** Offset of the block in the source. */
  start: number;
  /** A block of the document's top level (not inside a list or quote). */
  topLevel: boolean;
  /** The paragraph just before the block in the same parent, if any (a wire example's label). */
  label?: { text: string; source: string; range: Range };
  /** 1-based line of the first line of `value` (the line after the opening fence). */
  valueLine: number;
  sectionTitle?: string;
}

export interface NumberedItem {
  number: number;
  range: Range;
  start: number;
  end: number;
  /** Offset of the item's content (after its marker): where a continuation line is aligned. */
  contentStart: number;
  text: string;
}

/**
 * The header rows RFC 0001 §B requires, in order, and the statuses of RFC 0001 §C: the `specgate`
 * preset's process (scripts/presets/specgate.json, which the rules read through `layout.process`;
 * a test holds the two equal).
 */
export const REQUIRED_FIELDS = ['RFC', 'Title', 'Status', 'Author(s)', 'Created', 'Updated', 'Affects', 'Compatibility', 'Supersedes', 'Superseded by'] as const;
export const OPTIONAL_FIELDS = ['Amended by'] as const;
export const STATUSES = ['Draft', 'Active', 'Accepted', 'Withdrawn', 'Superseded', 'Rejected'] as const;

/**
 * The section titles the reader itself reads by (a process's `sections`, core/preset/process.ts): the
 * questions, errata and Security line lists it extracts. They are part of what a document is read
 * with, so load.ts keys the parse cache by them as well as by the text.
 */
export type ReaderTitles = Pick<ProcessSections, 'unresolvedQuestions' | 'errata' | 'security'> & Partial<ReaderShape>;

/** What else of a process the reader reads by: where the header lives, the file name and the title line (core/preset/process.ts). */
export type ReaderShape = Pick<ProcessProfile, 'fileName' | 'titleLine' | 'citationForms'> & { headerForm: HeaderForm };

/** The reader's part of a run's process (the parse cache keys a document by it too). */
export function readerProcess(p: ProcessProfile): ReaderTitles & ReaderShape {
  return { unresolvedQuestions: p.sections.unresolvedQuestions, errata: p.sections.errata, security: p.sections.security, headerForm: p.headerForm, fileName: p.fileName, titleLine: p.titleLine, citationForms: p.citationForms };
}

/** The `specgate` preset's file name and title line. */
export const DEFAULT_SHAPE: Readonly<ReaderShape> = { headerForm: 'table', fileName: '{number:4}-{slug}.md', titleLine: 'RFC {number}: {title}', citationForms: [] };

/** The `specgate` preset's titles, for readers of a document outside a run's process (a test holds them equal to the preset's). */
export const DEFAULT_TITLES: Readonly<ReaderTitles> = { unresolvedQuestions: 'Unresolved questions', errata: 'Errata', security: 'Security' };

/** The value of a header row by field name (case-insensitive, markup ignored). */
export function headerField(doc: { header: HeaderTable }, field: string): HeaderRow | undefined {
  const want = field.toLowerCase();
  return doc.header.rows.find((r) => r.field.toLowerCase() === want);
}

/** The status word: the first inline code of the Status cell, else its first word. */
export function rfcStatus(doc: { header: HeaderTable }): { value: string; range: Range } | undefined {
  // A table that does not render still says what the Status is: rules that need it run on.
  const row = headerField(doc, 'Status') ?? doc.header.sourceRows?.find((r) => r.field.toLowerCase() === 'status');
  if (!row) return undefined;
  // A preamble's value is the status whole (`Last Call`).
  if (doc.header.form === 'preamble') return row.value ? { value: row.value, range: row.valueRange } : undefined;
  const code = row.codes[0];
  if (code) return { value: code.value.trim(), range: code.range };
  const word = /^[^\s(—–-]+/.exec(row.value)?.[0];
  return word ? { value: word, range: row.valueRange } : undefined;
}

/** The RFC's number: from its file name, else from its title line. */
export function rfcNumber(doc: RfcDocument): string | undefined {
  return doc.fileNumber ?? doc.title?.number;
}

/**
 * RFC numbers a header value names: `RFC NNNN`, or a link to `NNNN-….md`. A value that starts
 * with a dash (`—`, `-`, `–`) or "none" names nothing; what follows the dash is commentary.
 */
export function namedRfcs(value: string): string[] {
  const v = value.trim();
  if (v === '' || /^(?:[—–-]|none\b|n\/a\b)/i.test(v)) return [];
  const out = new Set<string>();
  for (const m of v.matchAll(/\bRFC[ -]?(\d{4})\b/g)) out.add(m[1]!);
  return [...out];
}

/**
 * RFC numbers a Supersedes / Superseded by value names whole: `RFC 0035`, not `RFC 0100 Q3/G5`,
 * `RFC 0147 §A.6` or `RFC 0155 rows 4–6`, which supersede sections or rows of it (partial
 * supersession: the other RFC stays in force and need not name this one back).
 */
export function wholeRfcs(value: string): string[] {
  const v = value.trim();
  if (v === '' || /^(?:[—–-]|none\b|n\/a\b)/i.test(v)) return [];
  const out = new Set<string>();
  for (const m of v.matchAll(/\bRFC[ -]?(\d{4})\b(?!\s*(?:§|['’]s\s+(?:§|[A-Z]{1,3}\d)|(?:[A-Z]{1,3}\d+|rows?|sections?|items?|questions?|parts?\s+of)\b))/g)) out.add(m[1]!);
  return [...out];
}

/** The first heading section with this title (case-insensitive, a trailing colon ignored), e.g. `Errata`, `Security`. */
export function sectionByTitle(index: SectionIndex, title: string): Section | undefined {
  const want = title.toLowerCase();
  return index.sections.find((s) => s.kind === 'heading' && s.title.replace(/:$/, '').toLowerCase() === want);
}

/**
 * The open-questions section: the heading titled so (`## Unresolved questions`), else one of the
 * variants upstream writes (`## Unresolved`, the title's first word alone, or the title with an
 * aside after it: `## Unresolved questions (none blocking)`).
 */
export function questionsSection(index: SectionIndex, title: string): Section | undefined {
  const exact = sectionByTitle(index, title);
  if (exact) return exact;
  const want = title.toLowerCase();
  const first = want.split(/\s+/)[0]!;
  return index.sections.find((s) => {
    if (s.kind !== 'heading' || s.depth < 2) return false;
    const t = s.title.replace(/:$/, '').trim().toLowerCase();
    return (first !== want && t === first) || (t.startsWith(want) && /^\s*[(—–:-]/.test(t.slice(want.length)));
  });
}
