/**
 * An RFC process as data (a preset's or a config's `process`): the status names, the header rows.
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
}

/** `over` laid on `base`: each status named replaces its role's; a list given replaces the whole list. */
export function withProcess(base: ProcessProfile, over: ProcessOverrides | undefined): ProcessProfile {
  if (!over) return base;
  return {
    statuses: { ...base.statuses, ...over.statuses },
    headerRows: over.headerRows ? [...over.headerRows] : base.headerRows,
    optionalHeaderRows: over.optionalHeaderRows ? [...over.optionalHeaderRows] : base.optionalHeaderRows,
  };
}
