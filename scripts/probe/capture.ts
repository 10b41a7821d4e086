import { userOutputFolder } from '../core/io/user-output.js';
import { writeFileAtomic } from '../core/io/writer.js';
import path from 'node:path';
import type { HttpOutcome } from './http-client.js';
import { dict } from '../core/base/dict.js';
import { jsonText } from '../core/reporters/json-text.js';

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
 * encoded again as `%25XX`), as an HTML character reference (`&#107;`, `&#x6b;`) and as a `\xHH`
 * or `\u{H}` escape; letters in either case (upper-cased, lower-cased or case-swapped echoes).
 * Whole forms: the secret, reversed, and its base64, base64url and hex (encodedForms); and every
 * run of FRAGMENT characters of it (a token split across fields). docs/limits.md lists the set.
 * Each character's alternatives are bounded, so one match attempt costs at most (secret length) ×
 * MAX_ESCAPE_RUN steps and redaction stays linear in the text. Text is redacted before it is
 * serialised, and the serialised report is redacted again.
 */
export class Redactor {
  /** The secrets and their reversals, in every spelling, letters in either case. */
  private readonly pattern: RegExp | undefined;
  /** Their base64, base64url and hex forms (the JSON and percent spellings only: each form is a fixed text). */
  private readonly encoded: RegExp | undefined;
  /** Every run of FRAGMENT characters of a secret, at each position (a lookahead: runs overlap). */
  private readonly fragments: RegExp | undefined;

  constructor(secrets: Array<string | undefined>) {
    const given = [...new Set(secrets.filter((s): s is string => !!s))];
    // Longest first, so a secret that contains another is removed whole. Letters match in either
    // case (the flag `i`): a host that upper-cases, lower-cases or swaps the case of a token echoes it.
    const plain = [...new Set(given.flatMap((s) => [s, reversed(s)]))].sort((a, b) => b.length - a.length);
    this.pattern = plain.length ? new RegExp(plain.map((f) => spelled(f, 'full')).join('|'), 'gi') : undefined;
    // The encoded forms keep their case (base64 is case-sensitive; hex is matched in either case already).
    const encoded = [...new Set(given.flatMap((s) => encodedForms(s).slice(1)))].sort((a, b) => b.length - a.length);
    this.encoded = encoded.length ? new RegExp(encoded.map((f) => spelled(f, 'encoded')).join('|'), 'g') : undefined;
    const windows = [...new Set(given.flatMap((s) => fragmentsOf(s)))];
    this.fragments = windows.length ? new RegExp(`(?=(${windows.map((f) => spelled(f, 'fragment')).join('|')}))`, 'gi') : undefined;
  }

  text(s: string): string {
    if (!this.pattern) return s;
    let out = s.replace(this.pattern, REDACTED);
    if (this.encoded) out = out.replace(this.encoded, REDACTED);
    return this.fragments ? redactRuns(out, this.fragments) : out;
  }

  /**
   * Every string in `value` redacted (plain objects and arrays walked, keys kept), for what is rendered
   * from a run: done before any text is cut for display, so a cut can never keep a secret's prefix.
   */
  deep<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.deep(v)) as T;
    const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
    // Plain objects only: a URL or another class instance is kept as it is (its text is redacted when printed).
    if (proto === Object.prototype || proto === null) {
      const out = dict<unknown>();
      for (const [k, v] of Object.entries(value as object)) out[k] = this.deep(v);
      return out as T;
    }
    return value;
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out = dict<string>();
    for (const [k, v] of Object.entries(h)) {
      out[k] = k.toLowerCase() === 'authorization' || k.toLowerCase() === 'proxy-authorization' ? authScheme(v) : this.text(v);
    }
    return out;
  }
}

/**
 * A secret split by the host (across two JSON fields, two headers, a line break): every run of at
 * least FRAGMENT consecutive characters of it is redacted, wherever it stands, in any spelling
 * above. A secret shorter than twice this has no fragments (its pieces would match ordinary text);
 * pieces shorter than this each are not matched.
 */
export const FRAGMENT = 8;

/** The secret's runs of FRAGMENT characters (none for a secret shorter than 2 × FRAGMENT). */
function fragmentsOf(secret: string): string[] {
  const chars = [...secret];
  if (chars.length < 2 * FRAGMENT) return [];
  return Array.from({ length: chars.length - FRAGMENT + 1 }, (_, i) => chars.slice(i, i + FRAGMENT).join(''));
}

const reversed = (s: string) => [...s].reverse().join('');

/** Replaces every stretch of `s` covered by a match of `runs` (overlapping lookahead matches) with one REDACTED. */
function redactRuns(s: string, runs: RegExp): string {
  const covered: Array<[number, number]> = [];
  runs.lastIndex = 0;
  for (let m = runs.exec(s); m; m = runs.exec(s)) {
    const end = m.index + m[1]!.length;
    const last = covered.at(-1);
    if (last && m.index <= last[1]) last[1] = Math.max(last[1], end);
    else covered.push([m.index, end]);
    runs.lastIndex = m.index + 1;
  }
  if (covered.length === 0) return s;
  let out = '';
  let at = 0;
  for (const [from, to] of covered) {
    out += s.slice(at, from) + REDACTED;
    at = to;
  }
  return out + s.slice(at);
}

/** Shortest encoded form matched: a shorter one (of a secret of a few bytes) would match ordinary text. */
const MIN_ENCODED_FORM = 6;

/**
 * The secret and the forms a host may echo it in: hex of its UTF-8 bytes (lower and upper case),
 * and base64 and base64url. A secret inside a longer encoded text (`Bearer <token>` in base64) is
 * aligned at any of three byte offsets, and only the characters that encode its bytes alone are the
 * same whatever surrounds it: each alignment's run of those characters is a form.
 */
export function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const hex = bytes.toString('hex');
  const forms = [secret, hex, hex.toUpperCase()];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    // Character i holds bits [6i, 6i + 6); the secret's bits are [8 offset, 8 (offset + n)).
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = encoded.slice(first, end);
    if (core.length < MIN_ENCODED_FORM) continue;
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

/** Backslashes that may precede one character's spelling: JSON escaping six levels deep (2^6 - 1). */
const MAX_ESCAPE_RUN = 63;

const SHORT: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Hex digits matched in either case (`2f`, `2F`). */
const anyCase = (hex: string) => [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');

/**
 * A regex source matching `s` written in any of the spellings above, one character at a time.
 * `full` (the secret and its reversal): every spelling. `encoded` (its base64 and hex forms): raw,
 * JSON-escaped at any depth, percent-encoded. `fragment` (its runs of FRAGMENT characters): raw,
 * JSON-escaped once, percent-encoded: a lookahead tried at every position, where runs of
 * backslashes would cost MAX_ESCAPE_RUN steps per window per character.
 */
function spelled(s: string, mode: 'full' | 'encoded' | 'fragment'): string {
  const run = mode === 'fragment' ? '\\\\?' : `\\\\{0,${MAX_ESCAPE_RUN}}`;
  const escaped = mode === 'fragment' ? '\\\\' : `\\\\{1,${MAX_ESCAPE_RUN}}`;
  return [...s]
    .map((c) => {
      const alternatives = [run + literal(c)];
      const units = Array.from({ length: c.length }, (_, i) => anyCase(c.charCodeAt(i).toString(16).padStart(4, '0')));
      alternatives.push(escaped + (SHORT[c] ? `(?:${literal(SHORT[c])}|u${units[0]})` : `u${units[0]}`) + units.slice(1).map((u) => `${escaped}u${u}`).join(''));
      alternatives.push([...Buffer.from(c, 'utf8')].map((b) => `%(?:25){0,2}${anyCase(b.toString(16).padStart(2, '0'))}`).join(''));
      if (mode !== 'full') return `(?:${alternatives.join('|')})`;
      // An HTML or XML character reference (`&#107;`, `&#x6B;`), and a JavaScript or Python escape (`\x6b`, `\u{6b}`), escaped once.
      const cp = c.codePointAt(0)!;
      alternatives.push(`&#(?:0*${cp}|[xX]0*${anyCase(cp.toString(16))});`);
      alternatives.push(`\\\\u\\{0*${anyCase(cp.toString(16))}\\}`);
      if (cp < 0x100) alternatives.push(`\\\\x${anyCase(cp.toString(16).padStart(2, '0'))}`);
      return `(?:${alternatives.join('|')})`;
    })
    .join('');
}

/** `text` cut to its first `cutAt` UTF-8 bytes (no cut when undefined). */
function cutBytes(text: string, cutAt: number | undefined): string {
  if (cutAt === undefined) return text;
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= cutAt ? text : bytes.subarray(0, cutAt).toString('utf8');
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
    // Redacted before the cut: a secret across the cap is removed whole, never kept as a prefix.
    response: answer ? { status: answer.status, headers: redactor.headers(answer.headers), body: cutBytes(redactor.text(answer.body), answer.cutAt) } : null,
  };
  if (outcome.problem) capture.problem = redactor.text(outcome.problem);
  if (outcome.truncated) capture.truncated = true;
  return capture;
}

/** Writes each capture as DIR/NN-case.json (numbered in the order sent); returns the paths. */
export function writeCaptures(dir: string, captures: readonly Capture[], root: string): string[] {
  // `--record DIR` is a path the user names for writing: never reached through a link the tree placed.
  const real = userOutputFolder(dir, root, { refusal: '--record names a folder' });
  return captures.map((c, i) => {
    const file = path.join(real, captureFileName(i, c.case));
    writeFileAtomic(file, jsonText(c) + '\n');
    return file;
  });
}

export function captureFileName(index: number, name: string): string {
  return `${String(index + 1).padStart(2, '0')}-${name}.json`;
}
