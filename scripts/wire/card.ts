import { isObject } from '../core/base/json-object.js';

/**
 * The versions an agent card offers for JSON-RPC: every `supportedInterfaces[].protocolVersion`
 * whose binding is JSONRPC (an A2A 1.0 card), or the top-level `protocolVersion` (a 0.3 card).
 * When `path` is given and some interface URL has that path, only those interfaces count.
 */
export function cardVersions(card: unknown, path?: string): string[] {
  if (!isObject(card)) return [];
  const list = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces.filter(isObject) : [];
  const jsonrpc = list.filter((i) => typeof i.protocolBinding !== 'string' || i.protocolBinding.toUpperCase() === 'JSONRPC');
  const atPath = path ? jsonrpc.filter((i) => urlPath(i.url) === path) : [];
  const chosen = atPath.length ? atPath : jsonrpc;
  const versions = chosen.map((i) => i.protocolVersion).filter((v): v is string => typeof v === 'string');
  if (typeof card.protocolVersion === 'string') versions.push(card.protocolVersion);
  return [...new Set(versions)];
}

function urlPath(u: unknown): string | undefined {
  if (typeof u !== 'string') return undefined;
  try {
    return new URL(u, 'http://card.invalid').pathname;
  } catch {
    return undefined;
  }
}

/** `--versions 1.0,0.3` */
export function parseVersionList(s: string): string[] | undefined {
  const parts = s.split(',').map((p) => p.trim());
  return parts.length && parts.every((p) => /^\d+\.\d+(\.\d+)?$/.test(p)) ? parts : undefined;
}
