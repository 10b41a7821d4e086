import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../core/writer.js';
import path from 'node:path';
import type { HttpOutcome } from './http-client.js';

/** One exchange in the capture format of `../shared/fixtures/` (request and response, raw bodies). */
export interface Capture {
  case: string;
  description: string;
  tool: string;
  /** Origin the request went to; the fixtures name their endpoint by path. */
  target: string;
  endpoint: string;
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  response: { status: number; headers: Record<string, string>; body: string } | null;
  /** Set when no complete answer arrived (timeout, size cap, refused redirect). */
  problem?: string;
  truncated?: boolean;
}

export const REDACTED = '<redacted>';

/**
 * Removes every secret from a capture: the Authorization header becomes `Bearer <redacted>`, and any
 * other occurrence of a secret (a host that echoes the header into a body, say) becomes `<redacted>`.
 * A host may echo it JSON-encoded, so every spelling JSON allows is matched: each character raw, as
 * a short escape (`\/`, `\"`, `\\`) or as `\uXXXX` in either case, and all of these once more
 * inside an escaped string (a JSON document carried in a JSON string). Text is redacted before it
 * is serialised, and the serialised report is redacted again (a secret with `"` or `\` is escaped
 * by the serialiser, and that spelling is matched too).
 */
export class Redactor {
  private readonly pattern: RegExp | undefined;

  constructor(secrets: Array<string | undefined>) {
    // Longest first, so a secret that contains another is removed whole.
    const list = [...new Set(secrets.filter((s): s is string => !!s))].sort((a, b) => b.length - a.length);
    this.pattern = list.length ? new RegExp(list.map((s) => spelled(s, 2)).join('|'), 'g') : undefined;
  }

  text(s: string): string {
    return this.pattern ? s.replace(this.pattern, REDACTED) : s;
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) {
      out[k] = k.toLowerCase() === 'authorization' || k.toLowerCase() === 'proxy-authorization' ? authScheme(v) : this.text(v);
    }
    return out;
  }
}

const SHORT: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

/** The ways JSON may write one character in a string: itself, its short escape, `\uXXXX` (hex letters in either case). */
function jsonSpellings(c: string): string[] {
  const out = new Set<string>([c]);
  if (SHORT[c]) out.add('\\' + SHORT[c]);
  const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
  let forms = [''];
  for (const d of hex) forms = forms.flatMap((f) => (/[a-f]/.test(d) ? [f + d, f + d.toUpperCase()] : [f + d]));
  for (const f of forms) out.add('\\u' + f);
  return [...out];
}

/** A regex source matching `s` written raw or JSON-escaped up to `depth` times over. */
function spelled(s: string, depth: number): string {
  if (depth === 0) return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [...s].map((c) => {
    const alternatives = [...new Set(jsonSpellings(c).map((e) => spelled(e, depth - 1)))];
    return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
  }).join('');
}

function authScheme(value: string): string {
  const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

export function toCapture(name: string, description: string, outcome: HttpOutcome, redactor: Redactor, tool: string): Capture {
  const { request, answer } = outcome;
  const capture: Capture = {
    case: name,
    description: redactor.text(description),
    tool,
    target: request.url.origin,
    endpoint: request.url.pathname,
    request: {
      method: request.method,
      path: redactor.text(request.url.pathname + request.url.search),
      headers: redactor.headers(request.headers),
      body: redactor.text(request.body ?? ''),
    },
    response: answer ? { status: answer.status, headers: redactor.headers(answer.headers), body: redactor.text(answer.body) } : null,
  };
  if (outcome.problem) capture.problem = redactor.text(outcome.problem);
  if (outcome.truncated) capture.truncated = true;
  return capture;
}

/** Writes each capture as DIR/NN-case.json (numbered in the order sent); returns the paths. */
export function writeCaptures(dir: string, captures: readonly Capture[]): string[] {
  mkdirSync(dir, { recursive: true });
  return captures.map((c, i) => {
    const file = path.join(dir, captureFileName(i, c.case));
    writeFileAtomic(file, JSON.stringify(c, null, 2) + '\n');
    return file;
  });
}

export function captureFileName(index: number, name: string): string {
  return `${String(index + 1).padStart(2, '0')}-${name}.json`;
}
