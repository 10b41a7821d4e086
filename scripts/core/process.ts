/**
 * An RFC process as data (a preset's or a config's `process`): the status names, the header rows,
 * the date format, the sections the rules look for.
 * The rules reason about a status by its role (an accepted RFC has its boxes ticked, a superseded
 * one names its successor) and read the name the repository writes from here, so a repository whose
 * process calls a status otherwise changes one word of its config, not code.
 */
export interface ProcessProfile {
  /** The status name each role is written as in an RFC's Status row. */
  statuses: Record<StatusRole, string>;
  /** The header rows every RFC has, in this order. */
  headerRows: string[];
  /** Header rows an RFC may add after them. */
  optionalHeaderRows: string[];
  /** How the Created and Updated rows write a date: `YYYY`, `MM` and `DD` with the characters between (core/date-format.ts). */
  dateFormat: string;
  /** The headings the reader and the rules find by their role. */
  sections: ProcessSections;
  /** Section titles every RFC has (`rfcs/required-sections`), matched at the start of a heading of any level, its designator aside. */
  requiredSections: string[];
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

/** The status names of a process, in role order (the list a status must be one of). */
export function statusNames(p: Pick<ProcessProfile, 'statuses'>): string[] {
  return STATUS_ROLES.map((r) => p.statuses[r]);
}

/** A config's `process` as the file writes it: single statuses, or whole lists of rows. */
export interface ProcessOverrides {
  statuses?: Partial<Record<StatusRole, string>>;
  headerRows?: string[];
  optionalHeaderRows?: string[];
  dateFormat?: string;
  sections?: Partial<ProcessSections>;
  requiredSections?: string[];
}

/** `over` laid on `base`: each status or section named replaces its role's; a list or a format given replaces the whole. */
export function withProcess(base: ProcessProfile, over: ProcessOverrides | undefined): ProcessProfile {
  if (!over) return base;
  return {
    statuses: { ...base.statuses, ...over.statuses },
    headerRows: over.headerRows ? [...over.headerRows] : base.headerRows,
    optionalHeaderRows: over.optionalHeaderRows ? [...over.optionalHeaderRows] : base.optionalHeaderRows,
    dateFormat: over.dateFormat ?? base.dateFormat,
    sections: { ...base.sections, ...over.sections },
    requiredSections: over.requiredSections ? [...over.requiredSections] : renamed(base, over.sections),
  };
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
