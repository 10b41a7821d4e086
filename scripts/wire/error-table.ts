/**
 * The A2A error rows of the interop map (`a2a.errors`), indexed for the wire checks. This is the
 * only place codes and reasons come from: nothing in scripts/wire lists them.
 */
export interface ErrorRow {
  /** Upstream name, e.g. `TaskNotFoundError`; a parenthesized name is not an A2A error. */
  name: string;
  jsonrpc: number;
  grpc?: string;
  http?: number;
  /** The ErrorInfo reason; absent on non-A2A rows such as `(invalid parameters)`. */
  reason?: string;
  clientProjection?: string;
  /** Index of the row in `a2a.errors`, for locating map findings. */
  index: number;
}

export class ErrorTable {
  private readonly codes = new Map<number, ErrorRow>();
  private readonly reasons = new Map<string, ErrorRow>();
  private readonly names = new Map<string, ErrorRow>();

  constructor(readonly rows: readonly ErrorRow[]) {
    for (const r of rows) {
      if (!this.codes.has(r.jsonrpc)) this.codes.set(r.jsonrpc, r);
      if (r.reason && !this.reasons.has(r.reason)) this.reasons.set(r.reason, r);
      if (!this.names.has(r.name)) this.names.set(r.name, r);
    }
  }

  byCode(code: unknown): ErrorRow | undefined {
    return typeof code === 'number' ? this.codes.get(code) : undefined;
  }

  /** Only A2A reasons are found; upstream's non-A2A reasons (UNKNOWN_ERROR…) are not rows. */
  byReason(reason: unknown): ErrorRow | undefined {
    return typeof reason === 'string' ? this.reasons.get(reason) : undefined;
  }

  byName(name: string): ErrorRow | undefined {
    return this.names.get(name);
  }

  /** A row for an A2A error: one that carries a reason. */
  isA2a(row: ErrorRow | undefined): row is ErrorRow & { reason: string } {
    return !!row?.reason;
  }
}

/** What a malformed row looks like, so the caller can report it at the map. */
export interface TableProblem {
  pointer: string;
  message: string;
}

/**
 * Builds the table from a parsed interop map (its JSON value). Rows without a usable `upstream`
 * name or integer `jsonrpc` code are skipped and reported.
 */
export function errorTableFromMap(map: unknown): { table: ErrorTable; problems: TableProblem[] } {
  const problems: TableProblem[] = [];
  const list = (map as { a2a?: { errors?: unknown } } | null)?.a2a?.errors;
  if (!Array.isArray(list)) {
    problems.push({ pointer: '/a2a', message: 'the interop map has no a2a.errors array, so the wire checks have no codes or reasons' });
    return { table: new ErrorTable([]), problems };
  }
  const rows: ErrorRow[] = [];
  list.forEach((raw, index) => {
    const r = raw as Record<string, unknown> | null;
    if (!r || typeof r !== 'object' || typeof r.upstream !== 'string' || !Number.isInteger(r.jsonrpc)) {
      problems.push({ pointer: `/a2a/errors/${index}`, message: 'a2a.errors row without a string "upstream" and an integer "jsonrpc"; the wire checks skip it' });
      return;
    }
    rows.push({
      name: r.upstream,
      jsonrpc: r.jsonrpc as number,
      ...(typeof r.grpc === 'string' ? { grpc: r.grpc } : {}),
      ...(Number.isInteger(r.http) ? { http: r.http as number } : {}),
      ...(typeof r.reason === 'string' ? { reason: r.reason } : {}),
      ...(typeof r.clientProjection === 'string' ? { clientProjection: r.clientProjection } : {}),
      index,
    });
  });
  if (!rows.some((r) => r.reason)) problems.push({ pointer: '/a2a/errors', message: 'no a2a.errors row carries a reason, so no A2A error can be recognised' });
  return { table: new ErrorTable(rows), problems };
}

/** Accepts either a table or a parsed interop map. */
export function asErrorTable(map: ErrorTable | unknown): ErrorTable {
  return map instanceof ErrorTable ? map : errorTableFromMap(map).table;
}
