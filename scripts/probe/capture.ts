import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../core/writer.js';
import path from 'node:path';
import type { HttpOutcome } from './http-client.js';
import { dict } from '../core/dict.js';

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
 * A host may echo it encoded, so every spelling is matched, character by character: raw, as a JSON
 * short escape (`\/`, `\"`, `\\`) or `\uXXXX` (hex in either case), each behind any run of up to
 * MAX_ESCAPE_RUN backslashes (so the spelling survives JSON escaping to any depth the run covers: d
 * levels double a run to 2^d - 1), and percent-encoded (each UTF-8 byte `%XX` in either case, also
 * encoded again as `%25XX`). Each character's alternatives are bounded, so one match attempt costs
 * at most (secret length) × MAX_ESCAPE_RUN steps and redaction stays linear in the text. Text is
 * redacted before it is serialised, and the serialised report is redacted again.
 */
export class Redactor {
  private readonly pattern: RegExp | undefined;

  constructor(secrets: Array<string | undefined>) {
    // Longest first, so a secret that contains another is removed whole.
    const list = [...new Set(secrets.filter((s): s is string => !!s))].sort((a, b) => b.length - a.length);
    this.pattern = list.length ? new RegExp(list.map(spelled).join('|'), 'g') : undefined;
  }

  text(s: string): string {
    return this.pattern ? s.replace(this.pattern, REDACTED) : s;
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out = dict<string>();
    for (const [k, v] of Object.entries(h)) {
      out[k] = k.toLowerCase() === 'authorization' || k.toLowerCase() === 'proxy-authorization' ? authScheme(v) : this.text(v);
    }
    return out;
  }
}

/** Backslashes that may precede one character's spelling: JSON escaping six levels deep (2^6 - 1). */
const MAX_ESCAPE_RUN = 63;

const SHORT: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Hex digits matched in either case (`2f`, `2F`). */
const anyCase = (hex: string) => [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');

/** A regex source matching `s` written in any of the spellings above, one character at a time. */
function spelled(s: string): string {
  const run = `\\\\{0,${MAX_ESCAPE_RUN}}`;
  const escaped = `\\\\{1,${MAX_ESCAPE_RUN}}`;
  return [...s]
    .map((c) => {
      const alternatives = [run + literal(c)];
      const units = Array.from({ length: c.length }, (_, i) => anyCase(c.charCodeAt(i).toString(16).padStart(4, '0')));
      alternatives.push(escaped + (SHORT[c] ? `(?:${literal(SHORT[c])}|u${units[0]})` : `u${units[0]}`) + units.slice(1).map((u) => `${escaped}u${u}`).join(''));
      alternatives.push([...Buffer.from(c, 'utf8')].map((b) => `%(?:25){0,2}${anyCase(b.toString(16).padStart(2, '0'))}`).join(''));
      return `(?:${alternatives.join('|')})`;
    })
    .join('');
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
