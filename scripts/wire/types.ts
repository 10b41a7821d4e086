import type { Severity } from '../core/model/findings.js';
import type { Validator } from '../core/engine/schema.js';
import type { ErrorTable } from './error-table.js';
import type { Scope } from './scope.js';
import type { Span } from './body.js';

/** One HTTP exchange with an A2A interface, as the fixtures record it (bodies raw). */
export interface Exchange {
  request?: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  response: {
    status?: number;
    headers?: Record<string, string>;
    body: string;
  };
}

export type Binding = 'JSONRPC' | 'HTTP+JSON';

/** Everything the judge needs besides the exchange; build it once with `loadWireContext`. */
export interface WireContext {
  /** The interop map's a2a.errors rows. */
  errors: ErrorTable;
  /** Compiled RFC 0211 §A/§B schemas from the corpus. */
  validators: { jsonrpcError: Validator; googleRpcStatus: Validator };
  /** The interface's binding; JSONRPC when not set. */
  binding?: Binding;
  /** Versions the card offers on this interface (§E, and the scope); unknown when not set. */
  offeredVersions?: readonly string[];
}

export type Section = 'A' | 'B' | 'C' | 'D' | 'E';

/**
 * The interop-map value a result compares the answer with: its a2a.errors row, the field, what
 * the map gives and what the answer has. Results with the same trace are one disagreement with
 * the map, however many answers show it (an edit of the map's code breaks every example using it).
 */
export interface MapValueTrace {
  /** Index of the row in `a2a.errors`. */
  row: number;
  /** The row's upstream name, e.g. `TaskNotFoundError`. */
  name: string;
  field: 'jsonrpc' | 'reason' | 'http' | 'grpc';
  expected: string | number;
  found: unknown;
}

/** One judged problem: plain data, not yet placed in a file. */
export interface WireResult {
  ruleId: string;
  severity: Severity;
  section: Section;
  /** "RFC 0211 §A" */
  rfc: string;
  /** The id of the rule's message template (`meta.messages`) and what fills it: tests name the id. */
  messageId: string;
  data: Readonly<Record<string, string | number>>;
  /** The template filled; ends with the RFC section. */
  message: string;
  /** JSON Pointer into the exchange: `/response/body`, `/response/status`, `/request/headers`… */
  target: string;
  /** When the target is a JSON body: the pointer inside the body. */
  bodyPointer?: string;
  /** When the target is the body: the offsets inside the body text (end exclusive). */
  span?: Span;
  /** When the problem is a disagreement with one value of the interop map. */
  mapValue?: MapValueTrace;
}

export type Verdict = 'pass' | 'warn' | 'fail' | 'out-of-scope';

export interface Judgement {
  scope: Scope;
  verdict: Verdict;
  /** Sections with at least one result, sorted. */
  sections: Section[];
  results: WireResult[];
  /** Recorded, not failed: SHOULDs left out, comparisons not possible without a card. */
  notes: string[];
}
