/** Small readers over JSON-RPC values; nothing here reports. */
import { isObject } from '../core/base/json-object.js';

export type Obj = Record<string, unknown>;

export const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

/** Header lookup, case-insensitive. */
export function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === want) return v;
  return undefined;
}

/** The parsed request body, when it is a JSON object. */
export function requestJson(body: string | undefined): Obj | undefined {
  if (!body) return undefined;
  try {
    const v = JSON.parse(body) as unknown;
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The task id a request asked about (params.id, params.taskId, or `tasks/{id}` in params.name). */
export function requestedTaskId(req: Obj | undefined): string | undefined {
  const p = req?.params;
  if (!isObject(p)) return undefined;
  if (typeof p.id === 'string') return p.id;
  if (typeof p.taskId === 'string') return p.taskId;
  if (typeof p.name === 'string') return /^tasks\/([^/]+)/.exec(p.name)?.[1];
  return undefined;
}

/** A reason found in `data`, from an ErrorInfo entry of an array or from a legacy object. */
export interface FoundReason {
  reason: string;
  pointer: string;
  /** The entry is typed google.rpc.ErrorInfo (not merely an object carrying `reason`). */
  typed: boolean;
}

/** Every reason in `data`, wherever a tolerant reader would look (base pointer `/error/data`). */
export function reasonsIn(data: unknown, base = '/error/data'): FoundReason[] {
  const out: FoundReason[] = [];
  if (Array.isArray(data)) {
    data.forEach((el, i) => {
      if (isObject(el) && typeof el.reason === 'string') out.push({ reason: el.reason, pointer: `${base}/${i}/reason`, typed: el['@type'] === ERROR_INFO_TYPE });
    });
  } else if (isObject(data) && typeof data.reason === 'string') {
    out.push({ reason: data.reason, pointer: `${base}/reason`, typed: false });
  }
  return out;
}

/** The OpenWOP error envelope, `{ error: "<code>", message: "…" }`, recognised loosely on purpose. */
export function isOpenWopEnvelope(v: unknown): v is Obj {
  return isObject(v) && !('jsonrpc' in v) && typeof v.error === 'string' && typeof v.message === 'string';
}

export function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
