/**
 * An RFC process as data (a preset's or a config's `process`): where an RFC's header lives and
 * its fields (which are required, and when), the status names and the roles the rules reason
 * about, which fields hold dates and in what format, the sections an RFC has and their order, how
 * files and citations name an RFC, and the process document a finding cites.
 * The rules reason about a status by its role (an accepted RFC has its boxes ticked, a superseded
 * one names its successor) and read the name the repository writes from here, so a repository whose
 * process calls a status otherwise changes one word of its config, not code; a process without a
 * role (EIP-1 has no "superseded") leaves the rules that reason about it nothing to find.
 */
export interface ProcessProfile {
  /** What the process calls its documents (`RFC`, EIP-1's `EIP`): the word the rfcs rules' messages name them by. */
  documentNoun: string;
  /** The status name each role is written as in an RFC's Status row; a role the process lacks is absent. */
  statuses: Partial<Record<StatusRole, string>>;
  /** Status names no rule reasons about but the process has (EIP-1's Review, Last Call, Stagnant, Living). */
  otherStatuses: string[];
  /** Where the header lives: a `Field | Value` table after the title line, or a YAML front-matter preamble (`---` … `---`). */
  headerForm: HeaderForm;
  /** The header rows every RFC has, in this order. */
  headerRows: string[];
  /** Header rows an RFC may add (after the required ones, unless `rowOrder` places them). */
  optionalHeaderRows: string[];
  /** The order every row keeps, optional ones among the required (EIP-1's preamble); empty: the required rows keep `headerRows`'s order. */
  rowOrder: string[];
  /** Optional rows an RFC must have when another row's value is one of those listed (`{"category": {"type": ["Standards Track"]}}`). */
  rowsRequiredWhen: Record<string, Condition>;
  /** The values a row may hold, by row (EIP-1's `type`: Standards Track, Meta, Informational), case as written; the Status row's are `statuses`. */
  rowValues: Record<string, string[]>;
  /** The most characters a row's value may have, by row (EIP-1's `title`: 44). */
  rowMaxLength: Record<string, number>;
  /** How the date rows write a date: `YYYY`, `MM` and `DD` with the characters between (core/preset/date-format.ts). */
  dateFormat: string;
  /** The rows whose whole value is one date in `dateFormat` (the first is the creation date Updated is compared with). */
  dateRows: string[];
  /** A date row's own format, where it differs from `dateFormat` (`{"Ratified": "DD.MM.YYYY"}`). */
  dateFormats: Record<string, string>;
  /** The row that names the RFC's number (`RFC`, EIP-1's `eip`). */
  numberRow: string;
  /** An RFC file's name: `{number}` (digits; `{number:4}` exactly four), `{slug}` (kebab-case words), other characters as written. */
  fileName: string;
  /** The `#` title line, `{number}` and `{title}` standing for its parts; null when the title lives in the header only. */
  titleLine: string | null;
  /** Rows whose value lists RFC numbers that must exist (`rfcs/cited-rfc-exists`), besides links to RFC files. */
  referenceRows: string[];
  /** How prose names another RFC (`EIP-{number}`, `ERC-{number}`, case aside): its first mention is a link (`rfcs/citation-linked`). */
  citationForms: string[];
  /** The headings the reader and the rules find by their role. */
  sections: ProcessSections;
  /** Section titles every RFC has (`rfcs/required-sections`), matched at the start of a heading of any level, its designator aside. */
  requiredSections: string[];
  /** Sections an RFC must have when a row's value is one of those listed (`{"Test Cases": {"category": ["Core"]}}`). */
  sectionsRequiredWhen: Record<string, Condition>;
  /** The template's sections in their order: those an RFC has must come in it (`rfcs/required-sections`); empty: any order. */
  sectionOrder: string[];
  /** The document that states the process and the section each rule enforces, as findings cite it (`{"rfcs/header-table": "EIP-1 §EIP Header Preamble"}`). */
  citations: Record<string, string>;
}

export type HeaderForm = 'table' | 'preamble';

/** A row's values that make a requirement apply: every row named must hold one of its values (case aside). */
export type Condition = Record<string, string[]>;

/** Whether an RFC whose rows read so meets a condition. */
export function conditionHolds(when: Condition, valueOf: (row: string) => string | undefined): boolean {
  return Object.entries(when).every(([row, values]) => {
    const v = valueOf(row)?.trim().toLowerCase();
    return v !== undefined && values.some((x) => x.toLowerCase() === v);
  });
}

/** The condition in words, for a message: `type is "Standards Track"`. */
export function conditionText(when: Condition): string {
  return Object.entries(when)
    .map(([row, values]) => `${row} is ${values.map((v) => `"${v}"`).join(' or ')}`)
    .join(' and ');
}

/**
 * The process's noun for its documents, as a message names them: `document` (`RFC`, `EIP`) and
 * `aDocument` with its article (`an RFC`, `an EIP`, `a BIP`, `a proposal`). An initialism (two or
 * more capitals) takes "an" when its first letter is said with a vowel sound; a word, when it
 * starts with a vowel.
 */
export function documentWords(p: Pick<ProcessProfile, 'documentNoun'>): { document: string; aDocument: string } {
  const noun = p.documentNoun;
  const an = /^[A-Z][A-Z0-9]/.test(noun) ? /^[AEFHILMNORSX]/.test(noun) : /^[aeiou]/i.test(noun);
  return { document: noun, aDocument: `${an ? 'an' : 'a'} ${noun}` };
}

/** Section titles by role, case aside. */
export interface ProcessSections {
  /** Where an RFC records its status flips with their dates (`rfcs/dates-valid` holds Updated to the latest), matched at the start of a heading. */
  statusHistory: string;
  /** The heading of the questions still open (`rfcs/unresolved-before-active`; `UQ4` in a selector is its item 4). */
  unresolvedQuestions: string;
  /** The heading of the checklist an Accepted RFC has ticked (`rfcs/acceptance-boxes`), matched at the start of a heading. */
  acceptanceCriteria: string;
  /** The heading whose list items are edits to other documents (`errata`). */
  errata: string;
  /** The heading whose `New invariant` lines the invariants rules read. */
  security: string;
}

export const STATUS_ROLES = ['draft', 'active', 'accepted', 'withdrawn', 'superseded', 'rejected'] as const;
export type StatusRole = (typeof STATUS_ROLES)[number];

/** The status names of a process: its roles' names in role order, then the others (the list a status must be one of). */
export function statusNames(p: Pick<ProcessProfile, 'statuses' | 'otherStatuses'>): string[] {
  return [...STATUS_ROLES.flatMap((r) => (p.statuses[r] === undefined ? [] : [p.statuses[r]!])), ...p.otherStatuses];
}

/**
 * A config's `process` as the file writes it: single statuses (null: the process has no status in
 * that role), single sections, or whole lists and maps.
 */
export interface ProcessOverrides extends Partial<Omit<ProcessProfile, 'statuses' | 'sections'>> {
  statuses?: Partial<Record<StatusRole, string | null>>;
  sections?: Partial<ProcessSections>;
}

/** `over` laid on `base`: each status or section named replaces its role's; a list, a map or a value given replaces the whole. */
export function withProcess(base: ProcessProfile, over: ProcessOverrides | undefined): ProcessProfile {
  if (!over) return base;
  const statuses: Partial<Record<StatusRole, string>> = { ...base.statuses };
  for (const [role, name] of Object.entries(over.statuses ?? {}) as Array<[StatusRole, string | null | undefined]>) {
    if (name === null) delete statuses[role];
    else if (name !== undefined) statuses[role] = name;
  }
  const list = <T>(o: T[] | undefined, b: T[]) => (o ? [...o] : b);
  return {
    documentNoun: over.documentNoun ?? base.documentNoun,
    statuses,
    otherStatuses: list(over.otherStatuses, base.otherStatuses),
    headerForm: over.headerForm ?? base.headerForm,
    headerRows: list(over.headerRows, base.headerRows),
    optionalHeaderRows: list(over.optionalHeaderRows, base.optionalHeaderRows),
    rowOrder: list(over.rowOrder, base.rowOrder),
    rowsRequiredWhen: over.rowsRequiredWhen ? { ...over.rowsRequiredWhen } : base.rowsRequiredWhen,
    rowValues: over.rowValues ? { ...over.rowValues } : base.rowValues,
    rowMaxLength: over.rowMaxLength ? { ...over.rowMaxLength } : base.rowMaxLength,
    dateFormat: over.dateFormat ?? base.dateFormat,
    dateRows: list(over.dateRows, base.dateRows),
    dateFormats: { ...base.dateFormats, ...over.dateFormats },
    numberRow: over.numberRow ?? base.numberRow,
    fileName: over.fileName ?? base.fileName,
    titleLine: over.titleLine !== undefined ? over.titleLine : base.titleLine,
    referenceRows: list(over.referenceRows, base.referenceRows),
    citationForms: list(over.citationForms, base.citationForms),
    sections: { ...base.sections, ...over.sections },
    requiredSections: over.requiredSections ? [...over.requiredSections] : renamed(base, over.sections),
    sectionsRequiredWhen: over.sectionsRequiredWhen ? { ...over.sectionsRequiredWhen } : base.sectionsRequiredWhen,
    sectionOrder: list(over.sectionOrder, base.sectionOrder),
    citations: { ...base.citations, ...over.citations },
  };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A process's file-name pattern (`{number:4}-{slug}.md`, `eip-{number}.md`) as a regular
 * expression whose first group is the number; `loose` matches any name that starts with the
 * number part (a file whose name breaks the slug rule still has its number).
 */
export function fileNamePattern(fileName: string, loose = false): RegExp {
  let source = '';
  let rest = fileName;
  for (;;) {
    const m = /\{(number(?::(\d+))?|slug)\}/.exec(rest);
    if (!m) break;
    source += escapeRe(rest.slice(0, m.index));
    if (m[1] === 'slug') {
      if (loose) return new RegExp(`^${source}.*$`);
      source += '[a-z0-9]+(?:-[a-z0-9]+)*';
    } else source += m[2] ? `(\\d{${m[2]}})` : '(\\d+)';
    rest = rest.slice(m.index + m[0].length);
  }
  return new RegExp(`^${source}${escapeRe(rest)}$`);
}

const numberPatterns = new Map<string, RegExp>();

/** The number an RFC file's base name carries under a process's `fileName` (loosely: `0007_Sample.md` still says 0007). */
export function fileNumberOf(base: string, fileName: string): string | undefined {
  let re = numberPatterns.get(fileName);
  if (!re) numberPatterns.set(fileName, (re = fileNamePattern(fileName, true)));
  return re.exec(base)?.[1];
}

/**
 * The base's required sections with each title a role's override renames replaced by its new
 * name: a config that calls the questions "Open questions" requires that section, not the old one.
 */
function renamed(base: ProcessProfile, sections: Partial<ProcessSections> | undefined): string[] {
  if (!sections) return base.requiredSections;
  const to = new Map<string, string>();
  for (const [role, title] of Object.entries(sections) as Array<[keyof ProcessSections, string | undefined]>) {
    if (title !== undefined) to.set(base.sections[role].toLowerCase(), title);
  }
  return base.requiredSections.map((t) => to.get(t.toLowerCase()) ?? t);
}
