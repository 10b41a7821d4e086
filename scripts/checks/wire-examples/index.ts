import { wireExamplesFamily } from './declaration.js';
import { NEGATIVE, POSITIVE, wireExamples } from './example-files.js';
import type { RelatedLocation } from '../../core/model/findings.js';
import type { Family, Rule, RuleContext } from '../../core/engine/rule.js';
import { locate } from '../../core/engine/rule.js';
import type { Range } from '../../core/model/position.js';
import type { StructuredDoc } from '../../core/model/tree.js';
import { LineIndex } from '../../core/model/position.js';
import type { CodeBlock, RfcDocument, Section as RfcSection } from '../../rfc/document.js';
import { loadRfcSet } from '../../rfc/set.js';
import { A2A_ERRORS, expectedReason, isParenthesized } from '../interop-map/a2a-errors.js';
import { untrustedRows } from '../interop-map/map-doc.js';
import { parseBody, spanAt } from '../../wire/body.js';
import type { PairResult } from '../../wire/compare.js';
import { ErrorTable } from '../../wire/error-table.js';
import { judgeExample } from '../../wire/example.js';
import { loadWireContext } from '../../wire/context.js';
import type { Section, WireContext, WireResult } from '../../wire/types.js';

/**
 * RFC 0211's "Wire examples": each fenced JSON block, labelled by the paragraph before it
 * ("Positive …", "Negative (fails §A …; fails §D if `scope` …)"), is judged by the wire checker.
 * A positive example must pass; a negative one must fail for exactly the sections its label names.
 */

const RFC = 'RFC 0211 Wire examples';


interface Example {
  kind: 'positive' | 'negative' | 'unlabelled';
  code: CodeBlock;
  label?: CodeBlock['label'];
  /** Sections the label says the example fails (`fails §A`). */
  named: Section[];
  /** Members the label says appear only on the foreign answer (`fails §D if \`scope\` …`). */
  onlyForeign: string[];
}

interface Loaded {
  file: string;
  text: string;
  lines: LineIndex;
  examples: Example[];
  heading: RfcSection;
  ctx?: WireContext;
  /** The interop map, where a disagreement with one of its values is shown. */
  map?: StructuredDoc;
  /** An a2a.errors row the schema rejects the shape of: the examples are not judged (see loadExamples). */
  untrustedMap?: true;
}

/** Both rules read the same RFC and context; load once per corpus. */
const cache = new WeakMap<object, Promise<Loaded | undefined>>();

function load(rc: RuleContext): Promise<Loaded | undefined> {
  let p = cache.get(rc.corpus);
  if (!p) {
    p = loadExamples(rc);
    cache.set(rc.corpus, p);
  }
  return p;
}

async function loadExamples(rc: RuleContext): Promise<Loaded | undefined> {
  const dir = rc.layout.rfcsDir;
  const files = await rc.corpus.glob([`${dir}/0211-*.md`]);
  if (!files.length) {
    rc.report({ at: { file: dir }, messageId: 'noRfc', data: { dir } });
    return undefined;
  }
  const file = files[0]!;
  const text = rc.corpus.text(file, 'its wire examples');
  if (text === undefined) return undefined;
  const doc = await (await loadRfcSet(rc.corpus)).read(file);
  if (!doc) return undefined;
  const section = sectionOf(doc, /^wire examples$/i);
  if (!section) {
    rc.report({ at: { file }, messageId: 'noSection' });
    return undefined;
  }
  const examples: Example[] = [];
  for (const code of doc.codeBlocks) {
    if (!code.topLevel || code.start < section.start || code.start >= section.end) continue;
    if (code.lang && code.lang.toLowerCase() !== 'json') continue;
    const label = code.label;
    const labelText = label?.text ?? '';
    const raw = label?.source ?? '';
    const kind = /^positive\b/i.test(labelText) ? 'positive' : /^negative\b/i.test(labelText) ? 'negative' : 'unlabelled';
    const named = [...new Set([...labelText.matchAll(/fails §([A-Z])\b/g)].map((m) => m[1] as Section))].sort();
    const onlyForeign = raw
      .split(';')
      .filter((clause) => /foreign/i.test(clause))
      .flatMap((clause) => [...clause.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
    examples.push({ kind, code, ...(label ? { label } : {}), named, onlyForeign });
  }
  const loaded = await loadWireContext(rc.corpus);
  // One mistake, one finding: an a2a.errors row whose shape the schema rejects is the schema
  // rule's finding at the map. Judged without that row, the examples would fail for a code or
  // reason the map lacks only because of that mistake, so they wait until the map is fixed.
  const mapDoc = rc.corpus.json(rc.layout.interopMap);
  const untrusted = mapDoc ? untrustedRows(rc.corpus, rc.layout, mapDoc) : new Set<string>();
  const ofUntrustedRow = (f: (typeof loaded.findings)[number]) => f.file === mapDoc?.file && f.pointer !== undefined && untrusted.has(f.pointer);
  for (const f of loaded.findings) if (!ofUntrustedRow(f)) rc.report({ at: { file: f.file, range: f }, messageId: 'context', data: { detail: f.message } });
  const ctx = loaded.ctx && { ...loaded.ctx, errors: withReasonsOfRule7a(loaded.ctx.errors) };
  const untrustedMap = [...untrusted].some((p) => /^\/a2a\/errors\/\d+$/.test(p));
  return {
    file,
    text,
    lines: new LineIndex(text),
    examples,
    heading: section,
    ...(ctx ? { ctx } : {}),
    ...(mapDoc ? { map: mapDoc } : {}),
    ...(untrustedMap ? { untrustedMap: true as const } : {}),
  };
}

/**
 * The error rows with the reasons rule 7a derives from their names (UPPER_SNAKE of a known A2A
 * name minus Error; none on a parenthesized row). One mistake, one finding: a wrong reason in the
 * map is interop-map/reason-upper-snake's finding at the map, so the RFC's examples are judged
 * against the map as it must be, never blamed for it. Rows with unknown names keep theirs
 * (errors-complete reports the name).
 */
function withReasonsOfRule7a(table: ErrorTable): ErrorTable {
  return new ErrorTable(
    table.rows.map(({ reason, ...row }) => {
      if (isParenthesized(row.name)) return row;
      const derived = A2A_ERRORS.includes(row.name) ? expectedReason(row.name) : reason;
      return derived === undefined ? row : { ...row, reason: derived };
    }),
  );
}

/** A top-level heading's section (up to the next heading of the same or smaller depth). */
function sectionOf(doc: RfcDocument, title: RegExp): RfcSection | undefined {
  return doc.sections.find((s) => s.kind === 'heading' && title.test(s.title));
}

/**
 * The markdown range of a body span: the block's text is the file's text when the fence is not
 * indented. A §D result on the unknown-task twin has a span in the twin's text (rebuilt from the
 * example), so it is placed by its pointer in the example as written.
 */
function rangeIn(l: Loaded, code: CodeBlock, r: WireResult | PairResult): Range {
  const at = l.text.indexOf(code.value, code.start);
  let span = r.span;
  if ('side' in r && r.side === 'unknown') {
    const body = parseBody(code.value);
    span = body.kind === 'json' ? spanAt(body.doc, r.bodyPointer ?? '') : undefined;
  }
  if (at < 0 || !span) return code.range;
  return l.lines.range(at + span.start, at + Math.max(span.end, span.start + 1));
}

function describe(kind: Example['kind'], n: number): string {
  return `the ${kind} wire example${n > 1 ? ` #${n}` : ''}`;
}

const list = (s: Section[]) => s.map((x) => `§${x}`).join(', ') || 'nothing';

/** One place an example fails: which example (1-based among its kind), where, and the judge's result. */
interface Failure {
  n: number;
  range: Range;
  result: WireResult;
}

/** What a rule says of failures: of one (its message id and data), and the verb for several sections. */
interface Wording {
  kind: Example['kind'];
  one(f: Failure): { messageId: string; data: Record<string, string | number> };
  /** "fails §A, §D" or, for negatives, "also fails §D, which its label does not name". */
  fails(sections: Section[], examples: number): string;
}

/**
 * Reports failures, one finding per mistake. Failures that disagree with the same value of the
 * interop map in the same way (its TaskNotFoundError code is -32011, the examples have -32001)
 * come from one edit, of the map or of the examples, however many examples and sections show it:
 * one finding at the first, naming the map value, with the other places and the map value as
 * related locations. Every other failure is a finding of its own.
 */
function reportFailures(rc: RuleContext, l: Loaded, failures: Failure[], w: Wording): void {
  const groups = new Map<string, Failure[]>();
  failures.forEach((f, i) => {
    const t = f.result.mapValue;
    const key = t ? JSON.stringify([t.row, t.field, t.found]) : `#${i}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  });
  for (const group of groups.values()) {
    const [first, ...rest] = group as [Failure, ...Failure[]];
    const t = first.result.mapValue;
    if (!rest.length || !t) {
      rc.report({ at: { file: l.file, range: first.range }, ...w.one(first) });
      continue;
    }
    const numbers = [...new Set(group.map((f) => f.n))];
    const sections = [...new Set(group.map((f) => f.result.section))].sort();
    const who = numbers.length === 1 ? describe(w.kind, numbers[0]!) : `${numbers.length} ${w.kind} wire examples (${numbers.map((n) => `#${n}`).join(', ')})`;
    const pointer = `/a2a/errors/${t.row}/${t.field}`;
    // The map's value first: it is the one place that explains every other.
    const related: RelatedLocation[] = l.map ? [{ file: l.map.file, ...bare(locate({ doc: l.map, pointer })), message: `the interop map's ${pointer}: ${show(t.expected)} (${t.name})` }] : [];
    for (const f of rest) related.push({ file: l.file, ...bare(f.range), message: `${describe(w.kind, f.n)}, §${f.result.section}: ${f.result.message}` });
    rc.report({
      at: { file: l.file, range: first.range },
      messageId: 'oneReason',
      data: {
        who,
        fails: w.fails(sections, numbers.length),
        checks: group.length,
        pointer,
        expected: show(t.expected),
        name: t.name,
        has: numbers.length === 1 ? 'the example has' : 'each has',
        found: show(t.found),
        section: first.result.section,
        detail: first.result.message,
      },
      related,
    });
  }
}

function bare(r: Range): Range {
  return { line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn };
}

function show(v: unknown): string {
  return typeof v === 'number' ? String(v) : v === undefined ? 'nothing' : JSON.stringify(v);
}

/** An example's failing results, in the order they appear in its text. */
function failuresOf(l: Loaded, e: Example, n: number, results: (WireResult | PairResult)[]): Failure[] {
  return results.map((result) => ({ n, range: rangeIn(l, e.code, result), result })).sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
}

/**
 * What the loading reports, through whichever of the two rules runs first: both declare it.
 * `oneReason` is said of failures of either kind that one map value explains.
 */
const SHARED_MESSAGES = {
  noRfc: 'no RFC 0211 file ({{dir}}/0211-*.md), so its wire examples cannot be judged',
  noSection: 'RFC 0211 has no "Wire examples" section',
  context: '{{detail}}',
  oneReason: "{{who}} {{fails}} ({{checks}} checks) for one reason: the interop map's {{pointer}} is {{expected}} ({{name}}) and {{has}} {{found}}; first, §{{section}}: {{detail}}",
} as const;

const positivePasses: Rule = {
  id: 'wire-examples/positive-passes',
  rfc: RFC,
  description: "RFC 0211's positive wire example passes the wire checker (§A–§E, and §D paired with its unknown-task twin)",
  messages: {
    ...SHARED_MESSAGES,
    noPositive: 'the Wire examples section has no example labelled "Positive"',
    fails: '{{example}} fails §{{section}}: {{detail}}',
  },
  examples: {
    valid: [{ name: 'a positive example in the shape of §A', files: wireExamples(POSITIVE) }],
    invalid: [
      { name: 'an ErrorInfo in another domain (at the domain)', files: wireExamples(POSITIVE.replace('"a2a-protocol.org"', '"example.org"')), errors: [{ messageId: 'fails', line: 15, column: 53, data: { example: 'the positive wire example', section: 'A', detail: 'TaskNotFoundError (-32001): the ErrorInfo domain is "example.org", not "a2a-protocol.org" (RFC 0211 §A)' } }] },
      { name: 'no example labelled Positive (at the section)', files: wireExamples(NEGATIVE), errors: [{ messageId: 'noPositive', line: 8, column: 1 }] },
    ],
  },
  async run(rc) {
    const l = await load(rc);
    if (!l?.ctx) return;
    const positives = l.examples.filter((e) => e.kind === 'positive');
    if (!positives.length) rc.report({ at: { file: l.file, range: l.heading.range }, messageId: 'noPositive' });
    const failures: Failure[] = [];
    positives.forEach((e, i) => {
      rc.visit();
      if (l.untrustedMap) return;
      const j = judgeExample(e.code.value, e.onlyForeign, l.ctx!);
      failures.push(...failuresOf(l, e, i + 1, [...j.single.results, ...j.pair.results]));
    });
    reportFailures(rc, l, failures, {
      kind: 'positive',
      one: (f) => ({ messageId: 'fails', data: { example: describe('positive', f.n), section: f.result.section, detail: f.result.message } }),
      fails: (sections, examples) => `${examples > 1 ? 'fail' : 'fails'} ${list(sections)}`,
    });
  },
};

const negativeFailsAsLabelled: Rule = {
  id: 'wire-examples/negative-fails-as-labelled',
  rfc: RFC,
  description: "RFC 0211's negative wire example fails for exactly the sections its label names (§D shown by pairing it with its unknown-task twin)",
  messages: {
    ...SHARED_MESSAGES,
    noNegative: 'the Wire examples section has no example labelled "Negative"',
    unlabelled: 'a JSON block in Wire examples without a "Positive" or "Negative" label before it',
    namesNoSection: '{{example}} names no section it fails ("fails §X")',
    failsOtherwise: '{{example}} should fail {{named}} as its label says, but the wire checker finds {{got}}',
    alsoFails: '{{example}} also fails §{{section}}, which its label does not name: {{detail}}',
  },
  examples: {
    valid: [{ name: 'a negative example that fails exactly the sections its label names', files: wireExamples(NEGATIVE) }],
    invalid: [
      {
        name: 'a label naming a section the example does not fail (at the label)',
        files: wireExamples(NEGATIVE.replace('(fails §A — object, not array)', '(fails §A — object, not array; fails §B)')),
        errors: [{ messageId: 'failsOtherwise', line: 10, column: 1, data: { example: 'the negative wire example', named: '§A, §B', got: '§A' } }],
      },
      { name: 'a label that names no section', files: wireExamples(NEGATIVE.replace('(fails §A — object, not array)', '(an object)')), errors: [{ messageId: 'namesNoSection', line: 10, column: 1 }] },
      { name: 'a JSON block without a label (a warning)', files: wireExamples(`${NEGATIVE}\nAnd:\n\n\`\`\`json\n{}\n\`\`\`\n`), errors: [{ messageId: 'unlabelled', line: 19, column: 1 }] },
    ],
  },
  async run(rc) {
    const l = await load(rc);
    if (!l?.ctx) return;
    const negatives = l.examples.filter((e) => e.kind === 'negative');
    if (!negatives.length) rc.report({ at: { file: l.file, range: l.heading.range }, messageId: 'noNegative' });
    for (const e of l.examples.filter((x) => x.kind === 'unlabelled')) {
      rc.report({ at: { file: l.file, range: e.code.range }, messageId: 'unlabelled', severity: 'warning' });
    }
    const extras: Failure[] = [];
    negatives.forEach((e, i) => {
      rc.visit();
      const where = { file: l.file, range: (e.label ?? e.code).range };
      if (!e.named.length) {
        rc.report({ at: where, messageId: 'namesNoSection', data: { example: describe('negative', i + 1) } });
        return;
      }
      if (l.untrustedMap) return;
      const j = judgeExample(e.code.value, e.onlyForeign, l.ctx!);
      const got = j.sections;
      const missing = e.named.filter((s) => !got.includes(s));
      const extra = got.filter((s) => !e.named.includes(s));
      if (missing.length) rc.report({ at: where, messageId: 'failsOtherwise', data: { example: describe('negative', i + 1), named: list(e.named), got: list(got) } });
      extras.push(...failuresOf(l, e, i + 1, [...j.single.results, ...j.pair.results].filter((x) => extra.includes(x.section))));
    });
    reportFailures(rc, l, extras, {
      kind: 'negative',
      one: (f) => ({ messageId: 'alsoFails', data: { example: describe('negative', f.n), section: f.result.section, detail: f.result.message } }),
      fails: (sections, examples) => `also ${examples > 1 ? 'fail' : 'fails'} ${list(sections)}, which ${examples > 1 ? 'their labels do' : 'its label does'} not name`,
    });
  },
};

export const family: Family = {
  ...wireExamplesFamily,
  rules: [positivePasses, negativeFailsAsLabelled],
  primaryFile: ({ layout }) => `${layout.rfcsDir}/0211-a2a-error-details-are-errorinfo.md`,
};
