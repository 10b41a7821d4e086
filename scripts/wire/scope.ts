/**
 * RFC 0211 §F: §A–§D bind only 1.0 interfaces. A capture does not say which codec answered, so
 * the scope is decided from what the request carried.
 */
export type ScopeVersion = '1.0' | '0.3';

export interface Scope {
  version: ScopeVersion;
  /** One phrase saying why, for tables and messages. */
  why: string;
}

export interface ScopeInput {
  /** The request's A2A-Version header, if it sent one. */
  versionHeader?: string;
  /** The JSON-RPC method of the request, when its body parsed. */
  method?: string;
  /** Versions the card offers on the interface, when known. */
  offeredVersions?: readonly string[];
}

/**
 * Decision, in order:
 * 1. the card's versions, when given: no 0.x offered ⇒ 1.0; no 1.x offered ⇒ 0.3;
 * 2. the A2A-Version header: 0.x ⇒ 0.3; anything else (1.0, or a version the interface refuses) ⇒ 1.0;
 * 3. the method name: 0.3 names are slash-separated (`tasks/get`) ⇒ 0.3; 1.0 names (`GetTask`) ⇒ 1.0;
 * 4. neither (a GET, a body that is not JSON): a refusal before dispatch at a URL that serves 1.0 ⇒ 1.0.
 */
export function decideScope(input: ScopeInput): Scope {
  const offered = input.offeredVersions;
  if (offered && offered.length) {
    if (!offered.some(isMajorZero)) return { version: '1.0', why: `the card offers ${offered.join(', ')} only` };
    if (!offered.some(isMajorOne)) return { version: '0.3', why: `the card offers ${offered.join(', ')}, no 1.0` };
  }
  const h = input.versionHeader?.trim();
  if (h) return isMajorZero(h) ? { version: '0.3', why: `A2A-Version ${h}` } : { version: '1.0', why: `A2A-Version ${h}` };
  if (input.method !== undefined) {
    return input.method.includes('/') ? { version: '0.3', why: `no A2A-Version, 0.3 method name ${input.method}` } : { version: '1.0', why: `no A2A-Version, 1.0 method name ${input.method}` };
  }
  return { version: '1.0', why: 'no A2A-Version and no method: a refusal before dispatch' };
}

export function isMajorZero(v: string): boolean {
  return /^0(\.\d+)*$/.test(v.trim());
}

export function isMajorOne(v: string): boolean {
  return /^1(\.\d+)*$/.test(v.trim());
}

/** `1.0.1` and `1.0` name the same interface version; comparisons use MAJOR.MINOR. */
export function majorMinor(v: string): string {
  const m = /^(\d+)\.(\d+)/.exec(v.trim());
  return m ? `${m[1]}.${m[2]}` : v.trim();
}
