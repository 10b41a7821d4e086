/**
 * The `http` column of an `a2a.operations` row: `VERB /path`, or for a compound row
 * (`A | B | C`) one verb per operation (`GET | GET | DELETE /path[/{id}]`), where a bracketed
 * segment is optional.
 */

export interface HttpRow {
  verbs: string[];
  /** The path as written, brackets included. */
  rawPath: string;
  /** Every path the brackets allow. */
  paths: string[];
}

/** Parses `VERB[ | VERB…] /path`; undefined when the value has no verb or no path. */
export function parseHttpRow(http: string): HttpRow | undefined {
  const m = /^\s*([A-Za-z]+(?:\s*\|\s*[A-Za-z]+)*)\s+(\/\S*)\s*$/.exec(http);
  if (!m) return undefined;
  const verbs = m[1]!.split('|').map((v) => v.trim().toUpperCase());
  return { verbs, rawPath: m[2]!, paths: expandOptional(m[2]!) };
}

/** `/a[/b]` → [`/a`, `/a/b`]; several bracket groups expand to every combination. */
export function expandOptional(path: string): string[] {
  const m = /\[([^[\]]*)\]/.exec(path);
  if (!m) return [path];
  const before = path.slice(0, m.index);
  const after = path.slice(m.index + m[0].length);
  return [...expandOptional(before + after), ...expandOptional(before + m[1] + after)];
}

/** Upstream names of a compound row: `A | B | C` → [A, B, C]. */
export function splitNames(upstream: string): string[] {
  return upstream.split('|').map((n) => n.trim());
}

/** A path with every parameter (`{id}`, `{id=*}`, `{task_id=tasks/*}`) reduced to `{}`: parameters compare by position. */
export function normalizePath(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}
