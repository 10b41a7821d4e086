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

/**
 * Parses JSON keeping every node's source range. Unlike JSON.parse it reports duplicate keys,
 * a leading byte-order mark and runaway nesting as located problems instead of losing them.
 */
export function parseJson(file: string, text: string): StructuredDoc {
  const problems: ParseProblem[] = [];
  let pos = 0;
  if (text.charCodeAt(0) === 0xfeff) {
    problems.push({ code: 'bom', message: 'file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one)', start: 0, end: 1 });
    pos = 1;
  }

  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
      else return;
    }
  };
  const fail = (msg: string, at = pos): never => {
    throw new JsonSyntaxError(msg, at);
  };
  const describe = (at: number) => (at >= text.length ? 'end of file' : JSON.stringify(text[at]));

  const readString = (): [string, number, number] => {
    const start = pos;
    pos++;
    let simple = true;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (Number.isNaN(c)) fail('unterminated string', start);
      if (c === 34) break;
      if (c < 0x20) fail('control character in string');
      if (c === 92) {
        simple = false;
        pos += 2;
      } else pos++;
    }
    pos++;
    const raw = text.slice(start, pos);
    let value: string;
    if (simple) value = raw.slice(1, -1);
    else {
      try {
        value = JSON.parse(raw) as string;
      } catch {
        fail('invalid escape in string', start);
      }
    }
    return [value!, start, pos];
  };

  const parseValue = (depth: number): [unknown, TreeNode] => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    ws();
    const start = pos;
    const c = text[pos];
    if (c === '{') {
      pos++;
      const obj: Record<string, unknown> = {};
      const entries: TreeEntry[] = [];
      const seen = new Map<string, number>();
      ws();
      if (text[pos] === '}') {
        pos++;
        return [obj, { kind: 'object', start, end: pos, entries }];
      }
      for (;;) {
        ws();
        if (text[pos] !== '"') fail(`expected a property name, found ${describe(pos)}`);
        const [key, ks, ke] = readString();
        ws();
        if (text[pos] !== ':') fail(`expected ':' after property name, found ${describe(pos)}`);
        pos++;
        const [v, node] = parseValue(depth + 1);
        if (seen.has(key)) {
          problems.push({ code: 'duplicate-key', message: `duplicate key "${key}" (JSON.parse keeps only the last one)`, start: ks, end: ke });
        }
        seen.set(key, ks);
        if (key === '__proto__') Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        else obj[key] = v;
        entries.push({ key, keyStart: ks, keyEnd: ke, value: node });
        ws();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return [obj, { kind: 'object', start, end: pos, entries }];
        }
        fail(`expected ',' or '}', found ${describe(pos)}`);
      }
    }
    if (c === '[') {
      pos++;
      const arr: unknown[] = [];
      const items: TreeNode[] = [];
      ws();
      if (text[pos] === ']') {
        pos++;
        return [arr, { kind: 'array', start, end: pos, items }];
      }
      for (;;) {
        const [v, node] = parseValue(depth + 1);
        arr.push(v);
        items.push(node);
        ws();
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return [arr, { kind: 'array', start, end: pos, items }];
        }
        fail(`expected ',' or ']', found ${describe(pos)}`);
      }
    }
    if (c === '"') {
      const [s, a, b] = readString();
      return [s, { kind: 'scalar', start: a, end: b }];
    }
    for (const [lit, val] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(lit, pos)) {
        pos += lit.length;
        return [val, { kind: 'scalar', start, end: pos }];
      }
    }
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m && m[0].length > 0 && m[0] !== '-') {
      pos += m[0].length;
      return [Number(m[0]), { kind: 'scalar', start, end: pos }];
    }
    return fail(`unexpected ${describe(pos)}, expected a JSON value`);
  };

  try {
    ws();
    if (pos >= text.length) {
      problems.push({ code: 'empty', message: 'file is empty; expected a JSON document', start: 0, end: 0 });
      return new StructuredDoc(file, text, undefined, undefined, problems);
    }
    const [value, root] = parseValue(0);
    ws();
    if (pos < text.length) fail(`unexpected ${describe(pos)} after the JSON document`);
    return new StructuredDoc(file, text, value, root, problems);
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const code = e.message.startsWith('nesting deeper') ? 'too-deep' : 'syntax';
    problems.push({ code, message: `not valid JSON: ${e.message}`, start: e.offset, end: Math.min(e.offset + 1, text.length) });
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
}
