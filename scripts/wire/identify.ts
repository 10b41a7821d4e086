import type { ErrorTable } from './error-table.js';
import { asErrorTable } from './error-table.js';
import { ERROR_INFO_TYPE } from './jsonrpc.js';
import { isObject } from '../core/base/json-object.js';
import { dict } from '../core/base/dict.js';

export type ErrorShape = 'any-array' | 'legacy-object' | 'none';

/** What a client learns from an A2A error answer (RFC 0211 §F). */
export interface IdentifiedError {
  /** Upstream name of the map row identified (`TaskNotFoundError`, `(invalid parameters)`), or null. */
  name: string | null;
  /** The JSON-RPC code on the wire, or null when there is none. */
  code: number | null;
  /** The reason found on the wire — an A2A reason or upstream's non-A2A ones (UNKNOWN_ERROR…) — or null. */
  reason: string | null;
  /** The OpenWOP error code the map projects the row to; null when nothing was identified. */
  clientProjection: string | null;
  /** How `data` was shaped: the upstream Any[], the legacy `{ reason }` object, or neither. */
  shape: ErrorShape;
  /** What identified the row. */
  identifiedBy: 'code' | 'reason' | 'code+reason' | null;
  /** Set when the code and an A2A reason name different rows; the code wins. */
  conflict?: { byCode: string; byReason: string };
  /** ErrorInfo metadata with every value made a string (numbers, booleans, arrays joined by commas). */
  metadata: Record<string, string>;
  /** metadata.supportedVersions split on commas (an array is tolerated); absent when not sent. */
  supportedVersions?: string[];
}

/**
 * RFC 0211 §F: identifies an A2A error from a JSON-RPC error object (or a whole response) by its
 * code or by the ErrorInfo reason, accepting `data` as an Any[] or as the legacy `{ reason }`
 * object. Never throws: whatever arrives, the answer says what could be identified.
 * `map` is the parsed interop map (or an ErrorTable built from it).
 */
export function identifyA2aError(error: unknown, map: unknown): IdentifiedError {
  const table: ErrorTable = asErrorTable(map);
  let e = isObject(error) ? error : {};
  if (!('code' in e) && isObject(e.error)) e = e.error;
  const code = typeof e.code === 'number' && Number.isFinite(e.code) ? e.code : null;
  const { shape, info } = errorInfoOf(e.data);
  const reason = info && typeof info.reason === 'string' ? info.reason : null;
  const metadata = stringMap(info?.metadata, shape === 'legacy-object' ? info : undefined);
  const byCode = table.byCode(code);
  const byReason = table.byReason(reason);
  const row = byCode ?? byReason;
  const out: IdentifiedError = {
    name: row?.name ?? null,
    code,
    reason,
    clientProjection: row?.clientProjection ?? null,
    shape,
    identifiedBy: byCode && byReason ? 'code+reason' : byCode ? 'code' : byReason ? 'reason' : null,
    metadata,
  };
  if (byCode && byReason && byCode !== byReason) {
    out.conflict = { byCode: byCode.name, byReason: byReason.name };
    out.identifiedBy = 'code';
  }
  const sv = info?.metadata && isObject(info.metadata) ? info.metadata.supportedVersions : info?.supportedVersions;
  const versions = Array.isArray(sv) ? sv.map(String) : typeof sv === 'string' ? sv.split(',') : undefined;
  if (versions) out.supportedVersions = versions.map((v) => v.trim()).filter(Boolean);
  return out;
}

function errorInfoOf(data: unknown): { shape: ErrorShape; info?: Record<string, unknown> } {
  if (Array.isArray(data)) {
    const objects = data.filter(isObject);
    const info = objects.find((o) => o['@type'] === ERROR_INFO_TYPE) ?? objects.find((o) => typeof o['@type'] === 'string' && o['@type'].endsWith('google.rpc.ErrorInfo')) ?? objects.find((o) => typeof o.reason === 'string');
    return info ? { shape: 'any-array', info } : { shape: 'any-array' };
  }
  if (isObject(data)) return { shape: 'legacy-object', info: data };
  return { shape: 'none' };
}

/** ErrorInfo metadata as map<string,string>, tolerating values of any type. */
function stringMap(metadata: unknown, legacy?: Record<string, unknown>): Record<string, string> {
  const out = dict<string>();
  const src = isObject(metadata) ? metadata : legacy ? Object.fromEntries(Object.entries(legacy).filter(([k]) => k !== 'reason' && k !== 'domain' && k !== 'metadata')) : {};
  for (const [k, v] of Object.entries(src)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}
