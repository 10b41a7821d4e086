import { createRequire } from 'node:module';
import type { AliasEvent, Event, MappingEvent, ScalarEvent, SequenceEvent } from 'js-yaml';
import { readingMessage } from '../model/reading-messages.js';
import type { ParseProblem, TreeNode } from '../model/tree.js';
import { StructuredDoc } from '../model/tree.js';

/** Aliases allowed per document: enough for hand-written anchors, far too few for a "billion laughs". */
const MAX_ALIASES = 200;
const MAX_YAML_DEPTH = 100;
/**
 * js-yaml keeps an event per node and the range tree a node per scalar: 16 MB of short scalars
 * (glob lists) took 1.3 GiB. Governed YAML is kilobytes; past this size it is refused unparsed.
 */
export const MAX_YAML_BYTES = 4 * 1024 * 1024;
/**
 * Nodes (scalars, mappings, sequences, aliases; keys included) per document: what YAML costs is its
 * nodes more than its bytes (an event each, a value, a range, a place for schema errors), and an
 * empty list entry is a node in four bytes: 3.9 MB of `-` lines peaked at 2.3 GB. Governed YAML
 * holds a few thousand (this repository's invariants file about 1,000); the same cap as JSON's values.
 */
export const MAX_YAML_NODES = 250_000;

type JsYaml = typeof import('js-yaml');
let jsYaml: JsYaml | undefined;

/** js-yaml, loaded with the first YAML file (many runs read only JSON and Markdown); required so parsing stays synchronous. */
function yamlLib(): JsYaml {
  return (jsYaml ??= createRequire(import.meta.url)('js-yaml') as JsYaml);
}

/**
 * Parses one YAML document with js-yaml: the value from its constructor, and the tree of source
 * ranges from its event stream (which carries offsets), built only when a finding needs a position.
 * A byte-order mark, duplicate keys, tabs, alias floods, runaway nesting and syntax errors come
 * back as located problems.
 */
export function parseYaml(file: string, text: string): StructuredDoc {
  const problems: ParseProblem[] = [];
  const fail = (p: ParseProblem) => new StructuredDoc(file, text, undefined, undefined, [...problems, p]);
  if (text.charCodeAt(0) === 0xfeff) problems.push({ code: 'bom', ...readingMessage('parse/bom', 'yaml'), start: 0, end: 1 });
  if (text.trim() === '') return fail({ code: 'empty', ...readingMessage('parse/empty', 'empty', { format: 'YAML' }), start: 0, end: 0 });
  if (text.length > MAX_YAML_BYTES) return fail({ code: 'too-large', ...readingMessage('parse/too-large', 'yamlCharacters', { characters: text.length, max: MAX_YAML_BYTES }), start: 0, end: 0 });

  const { constructFromEvents, parseEvents, EVENT_ID } = yamlLib();
  let events: Event[];
  try {
    events = parseEvents(text, { filename: file, maxDepth: MAX_YAML_DEPTH });
  } catch (e) {
    return fail(yamlProblem(e, text));
  }
  let nodes = 0;
  for (const ev of events) if (ev.type !== EVENT_ID.POP && ev.type !== EVENT_ID.DOCUMENT) nodes++;
  if (nodes > MAX_YAML_NODES) {
    return fail({ code: 'too-large', ...readingMessage('parse/too-large', 'yamlNodes', { nodes, max: MAX_YAML_NODES }), start: 0, end: 0 });
  }
  const aliases = events.filter((ev): ev is AliasEvent => ev.type === EVENT_ID.ALIAS);
  if (aliases.length > MAX_ALIASES) {
    return fail({
      code: 'aliases',
      ...readingMessage('parse/aliases', 'count', { count: aliases.length, max: MAX_ALIASES }),
      start: Math.max(0, aliases[0]!.anchorStart - 1),
      end: aliases[0]!.anchorEnd,
    });
  }
  // Before the value is built: everything downstream (the parse cache's JSON, a schema's walk, compat's) sees it expanded.
  const expansion = aliases.length === 0 ? undefined : expansionProblem(events, text);
  if (expansion) return fail(expansion);
  let docs: unknown[];
  try {
    docs = constructFromEvents(events, { source: text, filename: file, maxAliases: MAX_ALIASES });
  } catch (e) {
    return fail(yamlProblem(e, text));
  }
  if (docs.length > 1) problems.push({ code: 'syntax', ...readingMessage('parse/syntax', 'documents', { count: docs.length }), start: 0, end: 0 });
  return new StructuredDoc(file, text, docs[0], () => rangeTree(events, text), problems);
}

/**
 * Whether the value, with every alias expanded (as JSON, a walk or a copy sees it), would pass
 * the node cap or the character cap: a "billion laughs" of 90 aliases in 8 KB (9 levels of 10)
 * is 10^9 nodes, which the parse cache's JSON.stringify took 50 s and 2.2 GiB to give up on. One
 * pass over the events: the running totals count each node once and each alias as the whole
 * node its anchor names (measured when that node closed), so they are the expanded size so far.
 * An alias to a node still open (`&a [*a]`) is a cycle, which no JSON value can hold. Located at
 * the alias that passes the cap.
 */
function expansionProblem(events: Event[], text: string): ParseProblem | undefined {
  const { EVENT_ID } = yamlLib();
  /** What an anchored node expands to; `open` while the node is still being read. */
  const anchors = new Map<string, { nodes: number; chars: number } | 'open'>();
  const stack: { anchor?: string; nodes: number; chars: number }[] = [];
  let nodes = 0;
  let chars = 0;
  for (const ev of events) {
    if (ev.type === EVENT_ID.ALIAS) {
      const name = text.slice(ev.anchorStart, ev.anchorEnd);
      const size = anchors.get(name);
      const at = { start: Math.max(0, ev.anchorStart - 1), end: ev.anchorEnd };
      if (size === 'open') return { code: 'aliases', ...readingMessage('parse/aliases', 'cycle', { name }), ...at };
      // An unknown anchor is js-yaml's error to report, below.
      nodes += size?.nodes ?? 1;
      chars += size?.chars ?? 0;
      if (nodes > MAX_YAML_NODES || chars > MAX_YAML_BYTES) {
        return { code: 'aliases', ...readingMessage('parse/aliases', 'expanded', { nodes: MAX_YAML_NODES, characters: MAX_YAML_BYTES }), ...at };
      }
    } else if (ev.type === EVENT_ID.SCALAR) {
      nodes++;
      chars += Math.max(0, ev.valueEnd - ev.valueStart);
      if (ev.anchorStart >= 0) anchors.set(text.slice(ev.anchorStart, ev.anchorEnd), { nodes: 1, chars: Math.max(0, ev.valueEnd - ev.valueStart) });
    } else if (ev.type === EVENT_ID.MAPPING || ev.type === EVENT_ID.SEQUENCE) {
      const anchor = ev.anchorStart >= 0 ? text.slice(ev.anchorStart, ev.anchorEnd) : undefined;
      if (anchor !== undefined) anchors.set(anchor, 'open');
      stack.push({ ...(anchor !== undefined ? { anchor } : {}), nodes, chars });
      nodes++;
    } else if (ev.type === EVENT_ID.POP) {
      const frame = stack.pop();
      if (frame?.anchor !== undefined) anchors.set(frame.anchor, { nodes: nodes - frame.nodes, chars: chars - frame.chars });
    }
  }
  return undefined;
}

/** The tree of ranges from js-yaml's events (its node tree carries no positions). */
function rangeTree(events: Event[], text: string): TreeNode {
  const { EVENT_ID, getScalarValue } = yamlLib();
  /** Open collections; a mapping's key waits in `key` until its value arrives. */
  const stack: { node: TreeNode; key?: { text: string; start: number; end: number } }[] = [];
  let root: TreeNode | undefined;

  const attach = (node: TreeNode, scalar?: ScalarEvent) => {
    const top = stack[stack.length - 1];
    if (!top) return void (root ??= node);
    const parent = top.node;
    if (parent.kind === 'array') parent.items.push(node);
    else if (parent.kind === 'object') {
      if (!top.key) top.key = { text: scalar ? getScalarValue(text, scalar) : '', start: node.start, end: node.end };
      else {
        parent.entries.push({ key: top.key.text, keyStart: top.key.start, keyEnd: top.key.end, value: node });
        top.key = undefined;
      }
    }
    parent.end = Math.max(parent.end, node.end);
  };

  for (const ev of events) {
    if (ev.type === EVENT_ID.MAPPING || ev.type === EVENT_ID.SEQUENCE) {
      const start = (ev as MappingEvent | SequenceEvent).start;
      stack.push({ node: ev.type === EVENT_ID.MAPPING ? { kind: 'object', start, end: start + 1, entries: [] } : { kind: 'array', start, end: start + 1, items: [] } });
    } else if (ev.type === EVENT_ID.SCALAR) {
      attach(scalarRange(ev as ScalarEvent, text), ev as ScalarEvent);
    } else if (ev.type === EVENT_ID.ALIAS) {
      attach({ kind: 'scalar', start: Math.max(0, ev.anchorStart - 1), end: ev.anchorEnd });
    } else if (ev.type === EVENT_ID.POP) {
      const frame = stack.pop();
      if (frame) attach(frame.node);
    }
  }
  return root ?? { kind: 'scalar', start: 0, end: 0 };
}

/** A quoted scalar is reported from its opening quote to its closing one (js-yaml's value range excludes them). */
function scalarRange(s: ScalarEvent, text: string): TreeNode {
  const node: TreeNode = { kind: 'scalar', start: s.valueStart, end: Math.max(s.valueStart, s.valueEnd) };
  const q = text[s.valueStart - 1];
  if (s.style !== 1 && (q === '"' || q === "'")) {
    node.start = s.valueStart - 1;
    if (text[s.valueEnd] === q) node.end = s.valueEnd + 1;
  }
  return node;
}

function yamlProblem(e: unknown, text: string): ParseProblem {
  const err = e as { reason?: string; message?: string; mark?: { position?: number } };
  const at = typeof err.mark?.position === 'number' ? err.mark.position : 0;
  const reason = err.reason ?? String(err.message ?? e).split('\n')[0]!;
  const code: ParseProblem['code'] = /duplicat/i.test(reason) ? 'duplicate-key' : /depth|nest/i.test(reason) ? 'too-deep' : /alias/i.test(reason) ? 'aliases' : 'syntax';
  return { code, ...readingMessage(`parse/${code}`, 'yaml', { detail: reason }), start: at, end: Math.min(at + 1, text.length) };
}
