import { createRequire } from 'node:module';
import type { Node as JsoncNode, ParseError } from 'jsonc-parser';
import { readingMessage } from '../model/reading-messages.js';
import type { ParseProblem, TreeNode } from '../model/tree.js';
import { StructuredDoc } from '../model/tree.js';

const MAX_DEPTH = 256;
/**
 * Governed JSON is kilobytes (the interop map is about 20 KB). A position tree costs many times the
 * text, and a schema error list grows with every broken row, so a file past this is not parsed.
 */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;
/**
 * What a JSON document costs is its number of values more than its bytes: each value is a node of
 * the position tree (about 100 bytes kept, 300 while jsonc-parser builds it) and a place for schema
 * errors, and `{},` is a value in three bytes: a 4 MiB map of them peaked at 1.7 GB with the schema
 * errors capped. Governed JSON holds a few thousand values (the interop map about 1,500, the
 * largest SDK capture 24); past this many the file is not parsed further.
 */
export const MAX_JSON_VALUES = 250_000;

type Jsonc = typeof import('jsonc-parser');
let jsonc: Jsonc | undefined;

/** jsonc-parser, loaded with the first JSON file (the hook installer and runs that read no JSON never load it); required so parsing stays synchronous. */
function jsoncLib(): Jsonc {
  return (jsonc ??= createRequire(import.meta.url)('jsonc-parser') as Jsonc);
}

/** jsonc-parser reads JSON with comments; specgate reads strict JSON (RFC 8259). */
const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/**
 * Parses JSON: the value from the native JSON.parse, the tree of source ranges from jsonc-parser,
 * built only when a finding needs a position. Duplicate keys (JSON.parse keeps the last), a
 * leading byte-order mark, syntax errors, an empty file and runaway nesting become located problems.
 */
export function parseJson(file: string, text: string): StructuredDoc {
  const problems: ParseProblem[] = [];
  // Before anything copies the text (the BOM's replacement below).
  if (text.length > MAX_JSON_BYTES) return new StructuredDoc(file, text, undefined, undefined, [{ code: 'too-large', ...readingMessage('parse/too-large', 'jsonCharacters', { characters: text.length, max: MAX_JSON_BYTES }), start: 0, end: 0 }]);
  const hasBom = text.charCodeAt(0) === 0xfeff;
  if (hasBom) problems.push({ code: 'bom', ...readingMessage('parse/bom', 'json'), start: 0, end: 1 });
  // The libraries read the text with the mark turned into a space, so their offsets stay the file's.
  const body = hasBom ? ' ' + text.slice(1) : text;
  const fail = (p: ParseProblem) => new StructuredDoc(file, text, undefined, undefined, [...problems, p]);
  if (body.trim() === '') return fail({ code: 'empty', ...readingMessage('parse/empty', 'empty', { format: 'JSON' }), start: 0, end: 0 });

  let value: unknown;
  try {
    // JSON.parse does not recurse: any depth is safe here.
    value = JSON.parse(body);
  } catch (e) {
    // jsonc-parser's parser recurses once per level, so the nesting is measured first, by its scanner, in a loop.
    const deep = tooDeepAt(body);
    return fail(deep !== undefined ? tooDeep(deep) : syntaxProblem(body, e));
  }
  const shape = shapeOf(value);
  if (shape.tooDeep) return fail(tooDeep(tooDeepAt(body) ?? 0));
  if (shape.tooMany) return fail({ code: 'too-large', ...readingMessage('parse/too-large', 'jsonValues', { max: MAX_JSON_VALUES }), start: 0, end: 0 });
  const tree = () => toTree(jsoncLib().parseTree(body, [], STRICT)!);
  if (!mayRepeatKeys(body, shape)) return new StructuredDoc(file, text, value, tree, problems);
  // JSON.parse kept one of each repeated key, so the value's count says nothing of the tree about to be built.
  if (valuesInText(body) > MAX_JSON_VALUES) return fail({ code: 'too-large', ...readingMessage('parse/too-large', 'jsonValues', { max: MAX_JSON_VALUES }), start: 0, end: 0 });
  const root = tree();
  return new StructuredDoc(file, text, value, root, problems.concat(duplicateKeys(root)));
}

const tooDeep = (at: number): ParseProblem => ({ code: 'too-deep', ...readingMessage('parse/too-deep', 'json', { max: MAX_DEPTH }), start: at, end: at + 1 });

/** Where the nesting first passes MAX_DEPTH, by jsonc-parser's scanner (a loop, not recursion). */
function tooDeepAt(text: string): number | undefined {
  const { createScanner, SyntaxKind } = jsoncLib();
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > MAX_DEPTH) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
  }
  return undefined;
}

interface Shape {
  tooDeep: boolean;
  /** More than MAX_JSON_VALUES values (the walk stops there). */
  tooMany: boolean;
  /** Keys of every object in the value. */
  keys: number;
  /** Colons inside its strings, keys included. */
  colons: number;
}

/** What the parsed value holds, walked with a stack (JSON.parse accepts any depth). */
function shapeOf(value: unknown): Shape {
  const shape: Shape = { tooDeep: false, tooMany: false, keys: 0, colons: 0 };
  const stack: Array<[unknown, number]> = [[value, 0]];
  let values = 0;
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    if (++values > MAX_JSON_VALUES) return { ...shape, tooMany: true };
    if (typeof v === 'string') shape.colons += colonsIn(v);
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { ...shape, tooDeep: true };
    if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
    else {
      for (const [k, item] of Object.entries(v)) {
        shape.keys++;
        shape.colons += colonsIn(k);
        stack.push([item, depth + 1]);
      }
    }
  }
  return shape;
}

function colonsIn(s: string): number {
  let n = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) n++;
  return n;
}

/**
 * Whether the text may hold a key twice, told without tokenizing it (jsonc-parser's scanner, cold
 * in a short run, would cost about 0.5 ms per KB of every file). Each colon of the text either
 * follows a property name or stands in a string; without `\u003a` escapes, each colon in a string
 * is a colon of the parsed value. So when the text has exactly as many colons as the value has
 * keys plus colons in strings, JSON.parse dropped no property; any other text gets the full tree.
 */
function mayRepeatKeys(text: string, shape: Shape): boolean {
  return colonsIn(text) !== shape.keys + shape.colons || /\\u003a/i.test(text);
}

/**
 * The values the text writes, repeated keys and all (what the position tree and the duplicate-key
 * problems will hold), by jsonc-parser's scanner: every opening bracket and literal, less the keys
 * (one colon each). A 4 MiB map of `"a":1,` is one value to JSON.parse and 700,000 to the tree:
 * it peaked at 1.45 GiB. Stops counting past the cap (one more: a key counts until its colon).
 */
function valuesInText(text: string): number {
  const { createScanner, SyntaxKind } = jsoncLib();
  const scanner = createScanner(text, true);
  let values = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF && values <= MAX_JSON_VALUES + 1; kind = scanner.scan()) {
    switch (kind) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NumericLiteral:
      case SyntaxKind.TrueKeyword:
      case SyntaxKind.FalseKeyword:
      case SyntaxKind.NullKeyword:
        values++;
        break;
      case SyntaxKind.ColonToken:
        values--;
        break;
    }
  }
  return values;
}

/** JSON.parse said no: jsonc-parser says where and why. */
function syntaxProblem(text: string, e: unknown): ParseProblem {
  const { parseTree, printParseErrorCode } = jsoncLib();
  const errors: ParseError[] = [];
  parseTree(text, errors, STRICT);
  const first = errors[0];
  // A comma before a closing bracket is reported at the comma, not at the bracket on the next line.
  const comma = first ? text.slice(0, first.offset).trimEnd().length - 1 : -1;
  if (first && text[comma] === ',' && (text[first.offset] === '}' || text[first.offset] === ']')) {
    return { code: 'syntax', ...readingMessage('parse/syntax', 'trailingComma', { before: text[first.offset]! }), start: comma, end: comma + 1 };
  }
  if (first) {
    const found = first.offset >= text.length ? 'end of file' : JSON.stringify(text.slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20))));
    return { code: 'syntax', ...readingMessage('parse/syntax', 'json', { detail: `${words(printParseErrorCode(first.error))} (found ${found})` }), start: first.offset, end: Math.min(first.offset + Math.max(first.length, 1), text.length) };
  }
  // The two parsers disagree (JSON.parse is the judge): report what JSON.parse said.
  const message = e instanceof Error ? e.message : String(e);
  const at = Math.min(Number(/position (\d+)/.exec(message)?.[1] ?? 0), text.length);
  return { code: 'syntax', ...readingMessage('parse/syntax', 'json', { detail: message }), start: at, end: Math.min(at + 1, text.length) };
}

/** `CloseBraceExpected` → `close brace expected`. */
function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** jsonc-parser's node → the tree every rule reads (recursion bounded by MAX_DEPTH). */
function toTree(node: JsoncNode): TreeNode {
  const start = node.offset;
  const end = node.offset + node.length;
  if (node.type === 'object') {
    const entries = (node.children ?? []).map((prop) => {
      const [key, value] = prop.children!;
      return { key: key!.value as string, keyStart: key!.offset, keyEnd: key!.offset + key!.length, value: toTree(value!) };
    });
    return { kind: 'object', start, end, entries };
  }
  if (node.type === 'array') return { kind: 'array', start, end, items: (node.children ?? []).map(toTree) };
  return { kind: 'scalar', start, end };
}

/** Every key written again in its object, located at the repeat. */
function duplicateKeys(root: TreeNode): ParseProblem[] {
  const problems: ParseProblem[] = [];
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.kind === 'array') for (const item of node.items) stack.push(item);
    if (node.kind !== 'object') continue;
    const seen = new Set<string>();
    for (const e of node.entries) {
      if (seen.has(e.key)) problems.push({ code: 'duplicate-key', ...readingMessage('parse/duplicate-key', 'json', { key: e.key }), start: e.keyStart, end: e.keyEnd });
      seen.add(e.key);
      stack.push(e.value);
    }
  }
  return problems.sort((a, b) => a.start - b.start);
}
