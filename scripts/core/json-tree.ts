import { createRequire } from 'node:module';
import type { Node as JsoncNode, ParseError } from 'jsonc-parser';
import type { ParseProblem, TreeNode } from './tree.js';
import { StructuredDoc } from './tree.js';

export const MAX_DEPTH = 256;

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
  const hasBom = text.charCodeAt(0) === 0xfeff;
  if (hasBom) problems.push({ code: 'bom', message: 'file starts with a byte-order mark (RFC 8259 §8.1 forbids adding one)', start: 0, end: 1 });
  // The libraries read the text with the mark turned into a space, so their offsets stay the file's.
  const body = hasBom ? ' ' + text.slice(1) : text;
  const fail = (p: ParseProblem) => new StructuredDoc(file, text, undefined, undefined, [...problems, p]);
  if (body.trim() === '') return fail({ code: 'empty', message: 'file is empty; expected a JSON document', start: 0, end: 0 });

  // jsonc-parser's parser recurses once per level: the nesting is measured first, by its scanner, in a loop.
  const shape = measure(body);
  if (shape.tooDeepAt !== undefined) {
    return fail({ code: 'too-deep', message: `not valid JSON: nesting deeper than ${MAX_DEPTH} levels`, start: shape.tooDeepAt, end: shape.tooDeepAt + 1 });
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return fail(syntaxProblem(body, e));
  }
  const tree = () => toTree(jsoncLib().parseTree(body, [], STRICT)!);
  // More property names in the text than keys in the value: some key was written twice.
  if (countKeys(value) === shape.propertyNames) return new StructuredDoc(file, text, value, tree, problems);
  const root = tree();
  return new StructuredDoc(file, text, value, root, problems.concat(duplicateKeys(root)));
}

/** Nesting depth (where it first passes MAX_DEPTH) and the number of property names, in one scan. */
function measure(text: string): { tooDeepAt?: number; propertyNames: number } {
  const { createScanner, SyntaxKind } = jsoncLib();
  const scanner = createScanner(text, true);
  let depth = 0;
  let propertyNames = 0;
  let previous = SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > MAX_DEPTH) return { tooDeepAt: scanner.getTokenOffset(), propertyNames };
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth--;
    else if (kind === SyntaxKind.ColonToken && previous === SyntaxKind.StringLiteral) propertyNames++;
    previous = kind;
  }
  return { propertyNames };
}

/** Keys in a parsed value (its depth is already known to be at most MAX_DEPTH). */
function countKeys(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  if (Array.isArray(value)) for (const v of value) n += countKeys(v);
  else for (const v of Object.values(value)) n += countKeys(v) + 1;
  return n;
}

/** JSON.parse said no: jsonc-parser says where and why. */
function syntaxProblem(text: string, e: unknown): ParseProblem {
  const { parseTree, printParseErrorCode } = jsoncLib();
  const errors: ParseError[] = [];
  parseTree(text, errors, STRICT);
  const first = errors[0];
  if (first) {
    const found = first.offset >= text.length ? 'end of file' : JSON.stringify(text.slice(first.offset, first.offset + Math.max(1, Math.min(first.length, 20))));
    return { code: 'syntax', message: `not valid JSON: ${words(printParseErrorCode(first.error))} (found ${found})`, start: first.offset, end: Math.min(first.offset + Math.max(first.length, 1), text.length) };
  }
  // The two parsers disagree (JSON.parse is the judge): report what JSON.parse said.
  const message = e instanceof Error ? e.message : String(e);
  const at = Math.min(Number(/position (\d+)/.exec(message)?.[1] ?? 0), text.length);
  return { code: 'syntax', message: `not valid JSON: ${message}`, start: at, end: Math.min(at + 1, text.length) };
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
      if (seen.has(e.key)) problems.push({ code: 'duplicate-key', message: `duplicate key "${e.key}" (JSON.parse keeps only the last one)`, start: e.keyStart, end: e.keyEnd });
      seen.add(e.key);
      stack.push(e.value);
    }
  }
  return problems.sort((a, b) => a.start - b.start);
}
