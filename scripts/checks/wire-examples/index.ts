import type { Code, Heading, Paragraph, RootContent } from 'mdast';
import type { MarkdownDoc } from '../../core/markdown.js';
import { nodeRange, renderedText } from '../../core/markdown.js';
import type { Family, Rule, RuleContext } from '../../core/rule.js';
import type { Range } from '../../core/position.js';
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
  code: Code;
  label?: Paragraph;
  /** Sections the label says the example fails (`fails §A`). */
  named: Section[];
  /** Members the label says appear only on the foreign answer (`fails §D if \`scope\` …`). */
  onlyForeign: string[];
}

interface Loaded {
  md: MarkdownDoc;
  examples: Example[];
  heading: Heading;
  ctx?: WireContext;
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
  const files = await rc.corpus.source.glob([`${dir}/0211-*.md`]);
  if (!files.length) {
    rc.report({ at: { file: dir }, message: `no RFC 0211 file (${dir}/0211-*.md), so its wire examples cannot be judged` });
    return undefined;
  }
  const md = await rc.corpus.markdown(files[0]!, 'its wire examples');
  if (!md) return undefined;
  const section = sectionNodes(md, /^wire examples$/i);
  if (!section) {
    rc.report({ at: { file: md.file }, message: 'RFC 0211 has no "Wire examples" section' });
    return undefined;
  }
  const examples: Example[] = [];
  section.nodes.forEach((n, i) => {
    if (n.type !== 'code' || (n.lang && n.lang.toLowerCase() !== 'json')) return;
    const prev = section.nodes[i - 1];
    const label = prev?.type === 'paragraph' ? prev : undefined;
    const text = label ? renderedText(label).trim() : '';
    const raw = label?.position ? md.text.slice(label.position.start.offset, label.position.end.offset) : '';
    const kind = /^positive\b/i.test(text) ? 'positive' : /^negative\b/i.test(text) ? 'negative' : 'unlabelled';
    const named = [...new Set([...text.matchAll(/fails §([A-Z])\b/g)].map((m) => m[1] as Section))].sort();
    const onlyForeign = raw
      .split(';')
      .filter((clause) => /foreign/i.test(clause))
      .flatMap((clause) => [...clause.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
    examples.push({ kind, code: n, ...(label ? { label } : {}), named, onlyForeign });
  });
  const loaded = await loadWireContext(rc.corpus);
  for (const f of loaded.findings) rc.report({ at: { file: f.file, range: f }, message: f.message });
  return { md, examples, heading: section.heading, ...(loaded.ctx ? { ctx: loaded.ctx } : {}) };
}

/** A heading's section: the nodes up to the next heading of the same or smaller depth. */
function sectionNodes(md: MarkdownDoc, title: RegExp): { heading: Heading; nodes: RootContent[] } | undefined {
  const kids = md.tree.children;
  const i = kids.findIndex((n) => n.type === 'heading' && title.test(renderedText(n).trim()));
  if (i < 0) return undefined;
  const heading = kids[i] as Heading;
  let end = i + 1;
  while (end < kids.length && !(kids[end]!.type === 'heading' && (kids[end] as Heading).depth <= heading.depth)) end++;
  return { heading, nodes: kids.slice(i + 1, end) };
}

/** The markdown range of a body span: the block's text is the file's text when the fence is not indented. */
function rangeIn(md: MarkdownDoc, code: Code, r: WireResult): Range {
  const from = code.position?.start.offset ?? 0;
  const at = md.text.indexOf(code.value, from);
  if (at < 0 || !r.span) return nodeRange(code);
  return md.lines.range(at + r.span.start, at + Math.max(r.span.end, r.span.start + 1));
}

function describe(kind: Example['kind'], n: number): string {
  return `the ${kind} wire example${n > 1 ? ` #${n}` : ''}`;
}

const positivePasses: Rule = {
  id: 'wire-examples/positive-passes',
  rfc: RFC,
  description: "RFC 0211's positive wire example passes the wire checker (§A–§E, and §D paired with its unknown-task twin)",
  async run(rc) {
    const l = await load(rc);
    if (!l?.ctx) return;
    const positives = l.examples.filter((e) => e.kind === 'positive');
    if (!positives.length) rc.report({ at: { file: l.md.file, range: nodeRange(l.heading) }, message: 'the Wire examples section has no example labelled "Positive"' });
    positives.forEach((e, i) => {
      rc.visit();
      const j = judgeExample(e.code.value, e.onlyForeign, l.ctx!);
      for (const r of [...j.single.results, ...j.pair.results]) {
        rc.report({ at: { file: l.md.file, range: rangeIn(l.md, e.code, r) }, message: `${describe('positive', i + 1)} fails §${r.section}: ${r.message}` });
      }
    });
  },
};

const negativeFailsAsLabelled: Rule = {
  id: 'wire-examples/negative-fails-as-labelled',
  rfc: RFC,
  description: "RFC 0211's negative wire example fails for exactly the sections its label names (§D shown by pairing it with its unknown-task twin)",
  async run(rc) {
    const l = await load(rc);
    if (!l?.ctx) return;
    const negatives = l.examples.filter((e) => e.kind === 'negative');
    if (!negatives.length) rc.report({ at: { file: l.md.file, range: nodeRange(l.heading) }, message: 'the Wire examples section has no example labelled "Negative"' });
    for (const e of l.examples.filter((x) => x.kind === 'unlabelled')) {
      rc.report({ at: { file: l.md.file, range: nodeRange(e.code) }, message: 'a JSON block in Wire examples without a "Positive" or "Negative" label before it', severity: 'warning' });
    }
    negatives.forEach((e, i) => {
      rc.visit();
      const where = { file: l.md.file, range: nodeRange(e.label ?? e.code) };
      if (!e.named.length) {
        rc.report({ at: where, message: `${describe('negative', i + 1)} names no section it fails ("fails §X")` });
        return;
      }
      const j = judgeExample(e.code.value, e.onlyForeign, l.ctx!);
      const got = j.sections;
      const missing = e.named.filter((s) => !got.includes(s));
      const extra = got.filter((s) => !e.named.includes(s));
      const list = (s: Section[]) => s.map((x) => `§${x}`).join(', ') || 'nothing';
      if (missing.length) rc.report({ at: where, message: `${describe('negative', i + 1)} should fail ${list(e.named)} as its label says, but the wire checker finds ${list(got)}` });
      for (const r of [...j.single.results, ...j.pair.results].filter((x) => extra.includes(x.section))) {
        rc.report({ at: { file: l.md.file, range: rangeIn(l.md, e.code, r) }, message: `${describe('negative', i + 1)} also fails §${r.section}, which its label does not name: ${r.message}` });
      }
    });
  },
};

export const family: Family = {
  name: 'wire-examples',
  description: "RFC 0211's wire examples, judged by the wire checker",
  rules: [positivePasses, negativeFailsAsLabelled],
  primaryFile: ({ layout }) => `${layout.rfcsDir}/0211-a2a-error-details-are-errorinfo.md`,
};
