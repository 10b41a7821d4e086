import { createRequire } from 'node:module';
import type { Event, ScalarEvent } from 'js-yaml';
import type { ParseProblem, TreeEntry, TreeNode } from './tree.js';
import { StructuredDoc } from './tree.js';
import { parseYamlSubset } from './yaml-subset.js';

/** Aliases allowed per document: enough for hand-written anchors, far too few for a "billion laughs". */
export const MAX_ALIASES = 200;
export const MAX_YAML_DEPTH = 100;

type JsYaml = typeof import('js-yaml');
let jsYaml: JsYaml | undefined;

/**
 * js-yaml, loaded when the first YAML file is parsed: many runs read only JSON and markdown.
 * It is required, not imported, so parsing stays synchronous.
 */
function yamlLib(): JsYaml {
  if (jsYaml) return jsYaml;
  const require = createRequire(import.meta.url);
  return (jsYaml = require('js-yaml') as JsYaml);
}

interface Frame {
  node: TreeNode;
  pendingKey?: { key: string; start: number; end: number };
}

/**
 * Parses one YAML document into its value and a tree of source ranges. A document in the block
 * subset (yaml-subset.ts) is read without js-yaml; any other goes to js-yaml.
 */
export function parseYaml(file: string, text: string): StructuredDoc {
  if (text.trim() === '') {
    const problems: ParseProblem[] = [{ code: 'empty', message: 'file is empty; expected a YAML document', start: 0, end: 0 }];
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
  // The tree comes in the same pass: it costs little beside the value, and a large file with
  // findings would otherwise be read twice.
  const fast = parseYamlSubset(text);
  if (fast) return new StructuredDoc(file, text, fast.value, fast.tree, []);
  return parseYamlWithJsYaml(file, text);
}

/**
 * js-yaml's reading: the value, and a tree of source ranges built from its event stream (which
 * carries offsets). Duplicate keys, tabs, alias floods and syntax errors come back as located
 * problems.
 */
export function parseYamlWithJsYaml(file: string, text: string): StructuredDoc {
  const problems: ParseProblem[] = [];
  const { constructFromEvents, parseEvents, EVENT_ID } = yamlLib();
  let events: Event[];
  try {
    events = parseEvents(text, { filename: file, maxDepth: MAX_YAML_DEPTH });
  } catch (e) {
    problems.push(yamlProblem(e, text));
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
  const aliasCount = events.reduce((n, ev) => n + (ev.type === EVENT_ID.ALIAS ? 1 : 0), 0);
  if (aliasCount > MAX_ALIASES) {
    const first = events.find((ev) => ev.type === EVENT_ID.ALIAS) as { anchorStart: number; anchorEnd: number };
    problems.push({
      code: 'aliases',
      message: `${aliasCount} aliases in one document (at most ${MAX_ALIASES}); refusing to expand them`,
      start: Math.max(0, first.anchorStart - 1),
      end: first.anchorEnd,
    });
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
  let value: unknown;
  try {
    const docs = constructFromEvents(events, { source: text, maxAliases: MAX_ALIASES });
    if (docs.length > 1) {
      problems.push({ code: 'syntax', message: `expected one YAML document, found ${docs.length}`, start: 0, end: 0 });
    }
    value = docs[0];
  } catch (e) {
    const p = yamlProblem(e, text);
    if (/duplicat/i.test(p.message)) p.code = 'duplicate-key';
    problems.push(p);
    return new StructuredDoc(file, text, undefined, undefined, problems);
  }
  return new StructuredDoc(file, text, value, buildTree(events, text), problems);
}

function buildTree(events: Event[], text: string): TreeNode | undefined {
  const { EVENT_ID, getScalarValue } = yamlLib();
  const stack: Frame[] = [];
  let root: TreeNode | undefined;

  /** `scalar` is the event of a scalar node: its text is worked out only when it is a mapping key. */
  const attach = (node: TreeNode, scalar?: ScalarEvent) => {
    const top = stack[stack.length - 1];
    if (!top) {
      root ??= node;
      return;
    }
    const parent = top.node;
    if (parent.kind === 'array') parent.items.push(node);
    else if (parent.kind === 'object') {
      if (!top.pendingKey) {
        top.pendingKey = { key: scalar ? getScalarValue(text, scalar) : '', start: node.start, end: node.end };
      } else {
        const k = top.pendingKey;
        parent.entries.push({ key: k.key, keyStart: k.start, keyEnd: k.end, value: node } satisfies TreeEntry);
        top.pendingKey = undefined;
      }
    }
    parent.end = Math.max(parent.end, node.end);
  };

  for (const ev of events) {
    switch (ev.type) {
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        const node: TreeNode =
          ev.type === EVENT_ID.MAPPING
            ? { kind: 'object', start: ev.start, end: ev.start + 1, entries: [] }
            : { kind: 'array', start: ev.start, end: ev.start + 1, items: [] };
        stack.push({ node });
        break;
      }
      case EVENT_ID.SCALAR: {
        const s = ev as ScalarEvent;
        const node: TreeNode = { kind: 'scalar', start: s.valueStart, end: Math.max(s.valueStart, s.valueEnd) };
        if (s.style !== 1) {
          node.start = Math.max(0, quoteStart(text, s));
          // A quoted scalar's range covers both quotes, so the end stays exclusive of the value only.
          if (node.start < s.valueStart && text[s.valueEnd] === text[node.start]) node.end = s.valueEnd + 1;
        }
        attach(node, s);
        break;
      }
      case EVENT_ID.ALIAS: {
        attach({ kind: 'scalar', start: Math.max(0, ev.anchorStart - 1), end: ev.anchorEnd });
        break;
      }
      case EVENT_ID.POP: {
        const frame = stack.pop();
        if (frame) attach(frame.node);
        break;
      }
      default:
        break;
    }
  }
  return root;
}

/** Quoted scalars: js-yaml's value range excludes the quote; report from the quote. */
function quoteStart(text: string, s: ScalarEvent): number {
  const q = text[s.valueStart - 1];
  return q === '"' || q === "'" ? s.valueStart - 1 : s.valueStart;
}

function yamlProblem(e: unknown, text: string): ParseProblem {
  const err = e as { reason?: string; message?: string; mark?: { position?: number } };
  const at = typeof err.mark?.position === 'number' ? err.mark.position : 0;
  const reason = err.reason ?? String(err.message ?? e).split('\n')[0]!;
  const code: ParseProblem['code'] = /depth|nest/i.test(reason) ? 'too-deep' : /alias/i.test(reason) ? 'aliases' : 'syntax';
  return { code, message: `not valid YAML: ${reason}`, start: at, end: Math.min(at + 1, text.length) };
}
