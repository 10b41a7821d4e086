import type { ParseProblem, TreeEntry, TreeNode } from './tree.js';
import { StructuredDoc } from './tree.js';

export const MAX_DEPTH = 256;

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Sticky regexes let the regex engine do the scanning; a character loop runs interpreted at startup.
const WHITESPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/**
 * Parses JSON keeping every node's source range. Unlike JSON.parse it reports duplicate keys,
 * a leading byte-order mark and runaway nesting as located problems instead of losing them.
 */
export function parseJson(file: string, text: string): StructuredDoc {
  // Fast path: the native JSON.parse gives the value; if the document has no duplicate keys and
  // is not too deep, the tree of ranges is only built when a finding needs a position.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() !== '') {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return scanJson(file, text);
    }
    const keys = countKeys(value, 0);
    if (keys >= 0 && keys === countPropertyNames(body)) {
      const problems: ParseProblem[] = body === text ? [] : [BOM_PROBLEM()];
      return new StructuredDoc(file, text, value, () => scanJson(file, text).root!, problems);
    }
  }
  return scanJson(file, text);
}

const BOM_PROBLEM = (): ParseProblem => ({ code: 'bom', message: 'file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one)', start: 0, end: 1 });

/** Keys in a parsed value, or -1 when it nests deeper than MAX_DEPTH. */
function countKeys(value: unknown, depth: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (depth >= MAX_DEPTH) return -1;
  let n = 0;
  if (Array.isArray(value)) {
    for (const v of value) {
      const k = countKeys(v, depth + 1);
      if (k < 0) return -1;
      n += k;
    }
    return n;
  }
  for (const v of Object.values(value)) {
    const k = countKeys(v, depth + 1);
    if (k < 0) return -1;
    n += k + 1;
  }
  return n;
}

// In valid JSON every '"' outside a string opens one, so a global scan stays aligned on strings.
const STRING_TOKEN = /"(?:[^"\\]|\\[^])*"([ \t\n\r]*:)?/g;

/** Property names in the text: more than the parsed value has keys means a duplicate key. */
function countPropertyNames(text: string): number {
  let n = 0;
  STRING_TOKEN.lastIndex = 0;
  for (let m = STRING_TOKEN.exec(text); m; m = STRING_TOKEN.exec(text)) if (m[1] !== undefined) n++;
  return n;
}

/** The full scan: every range, and every problem located. */
function scanJson(file: string, text: string): StructuredDoc {
  const problems: ParseProblem[] = [];
  let pos = 0;
  if (text.charCodeAt(0) === 0xfeff) {
    problems.push(BOM_PROBLEM());
    pos = 1;
  }

  const ws = () => {
    WHITESPACE.lastIndex = pos;
    WHITESPACE.exec(text);
    pos = WHITESPACE.lastIndex;
  };
  const fail = (msg: string, at = pos): never => {
    throw new JsonSyntaxError(msg, at);
  };
  const describe = (at: number) => (at >= text.length ? 'end of file' : JSON.stringify(text[at]));

  /** Skips a string at `pos`; returns its decoded value only when asked (property names). */
  const readString = (decode: boolean): string => {
    const start = pos;
    STRING.lastIndex = pos;
    const m = STRING.exec(text);
    if (m) {
      const raw = m[0];
      pos = start + raw.length;
      if (!decode) return '';
      return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    }
    // Not a valid string: walk it to say exactly what is wrong, and where.
    pos++;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (Number.isNaN(c)) fail('unterminated string', start);
      if (c === 34) break;
      if (c < 0x20) fail('control character in string');
      pos += c === 92 ? 2 : 1;
    }
    pos++;
    return fail('invalid escape in string', start);
  };

  /** Builds the tree of ranges only; values come from JSON.parse once the text is known to be valid. */
  const parseValue = (depth: number): TreeNode => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    ws();
    const start = pos;
    const c = text.charCodeAt(pos);
    if (c === 123 /* { */) {
      pos++;
      const entries: TreeEntry[] = [];
      ws();
      if (text.charCodeAt(pos) === 125) {
        pos++;
        return { kind: 'object', start, end: pos, entries };
      }
      // A comma before the closing bracket is reported at the comma, not at the bracket a line later.
      let comma = -1;
      for (;;) {
        ws();
        if (comma >= 0 && text.charCodeAt(pos) === 125) fail('trailing comma before "}" (JSON allows none)', comma);
        if (text.charCodeAt(pos) !== 34) fail(`expected a property name, found ${describe(pos)}`);
        const keyStart = pos;
        const key = readString(true);
        const keyEnd = pos;
        ws();
        if (text.charCodeAt(pos) !== 58) fail(`expected ':' after property name, found ${describe(pos)}`);
        pos++;
        entries.push({ key, keyStart, keyEnd, value: parseValue(depth + 1) });
        ws();
        const d = text.charCodeAt(pos);
        pos++;
        if (d === 44) {
          comma = pos - 1;
          continue;
        }
        if (d === 125) {
          reportDuplicates(entries);
          return { kind: 'object', start, end: pos, entries };
        }
        pos--;
        fail(`expected ',' or '}', found ${describe(pos)}`);
      }
    }
    if (c === 91 /* [ */) {
      pos++;
      const items: TreeNode[] = [];
      ws();
      if (text.charCodeAt(pos) === 93) {
        pos++;
        return { kind: 'array', start, end: pos, items };
      }
      for (;;) {
        if (items.length > 0) {
          ws();
          if (text.charCodeAt(pos) === 93) fail('trailing comma before "]" (JSON allows none)', text.slice(0, pos).trimEnd().length - 1);
        }
        items.push(parseValue(depth + 1));
        ws();
        const d = text.charCodeAt(pos);
        pos++;
        if (d === 44) continue;
        if (d === 93) return { kind: 'array', start, end: pos, items };
        pos--;
        fail(`expected ',' or ']', found ${describe(pos)}`);
      }
    }
    if (c === 34) {
      readString(false);
      return { kind: 'scalar', start, end: pos };
    }
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, pos)) {
        pos += lit.length;
        return { kind: 'scalar', start, end: pos };
      }
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m && m[0].length > 0 && m[0] !== '-') {
      pos += m[0].length;
      return { kind: 'scalar', start, end: pos };
    }
    return fail(`unexpected ${describe(pos)}, expected a JSON value`);
  };

  const reportDuplicates = (entries: TreeEntry[]) => {
    if (entries.length < 2) return;
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(e.key)) problems.push({ code: 'duplicate-key', message: `duplicate key "${e.key}" (JSON.parse keeps only the last one)`, start: e.keyStart, end: e.keyEnd });
      seen.add(e.key);
    }
  };

  try {
    ws();
    if (pos >= text.length) {
      problems.push({ code: 'empty', message: 'file is empty; expected a JSON document', start: 0, end: 0 });
      return new StructuredDoc(file, text, undefined, undefined, problems);
    }
    const root = parseValue(0);
    ws();
    if (pos < text.length) fail(`unexpected ${describe(pos)} after the JSON document`);
    const value: unknown = JSON.parse(problems.some((p) => p.code === 'bom') ? text.slice(1) : text);
    return new StructuredDoc(file, text, value, root, problems);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const code = e.message.startsWith('nesting deeper') ? 'too-deep' : 'syntax';
    problems.push({ code, message: `not valid JSON: ${e.message}`, start: e.offset, end: Math.min(e.offset + 1, text.length) });
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
}
