import { didYouMean } from '../../../core/base/did-you-mean.js';
import { conditionHolds, conditionText, documentWords } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import { headerField } from '../../../rfc/document.js';
import type { RfcDocument, Section } from '../../../rfc/document.js';
import { namedBy, withoutDesignator } from '../../../rfc/resolve.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText, rfcText } from '../example-rfcs.js';

const FILE = 'RFCS/0007-sample.md';
/** The `specgate` process's required sections, in its order. */
const REQUIRED = ['Summary', 'Motivation', 'Proposal', 'Compatibility', 'Conformance', 'Alternatives considered', 'Unresolved questions', 'Acceptance criteria', 'References'];
/** An RFC with these `##` sections, each holding one line of text: section `i` is on line 7 + 4·i. */
/** The sections EIP-1 requires of every EIP, in its order. */
const EIP_BODY = ['Abstract', 'Specification', 'Rationale', 'Security Considerations', 'Copyright'].map((t) => `## ${t}\n\nText.`).join('\n\n');
const withSections = (titles: string[]) => ({ [FILE]: rfcText('RFC 0007: Sample', [['RFC', '0007']], titles.map((t) => `## ${t}\n\nText.`).join('\n\n')) });

/**
 * Every RFC has the sections its process's template has (`process.requiredSections`): a reader,
 * and the rules that read a section by its title (acceptance boxes, open questions), find them
 * where the template puts them. A heading of any level counts, its designator aside (`### §D
 * Conformance`), and a title may go on (`Implementation notes (non-normative)`).
 */
export const requiredSections: Rule = {
  id: 'rfcs/required-sections',
  rfc: 'RFC 0001',
  rfcByPreset: { openwop: 'RFC 0001 §6' },
  description: "Every RFC has a heading for each of the process's required sections (`process.requiredSections`, and `sectionsRequiredWhen` for its status or type), in the order of `sectionOrder` when the process gives one; a heading one typo away gets a \"did you mean\".",
  messages: {
    missing: 'no "{{section}}" section, which every {{document}} has',
    misnamed: 'no "{{section}}" section; did you mean "{{section}}" for the heading "{{heading}}"?',
    missingWhen: 'no "{{section}}" section, which {{aDocument}} has when {{condition}}',
    order: 'section "{{section}}" comes after "{{after}}", but the process puts it before',
  },
  examples: {
    valid: [
      { name: 'every required section, and one more', files: withSections([...REQUIRED.slice(0, 7), 'Implementation notes (non-normative)', ...REQUIRED.slice(7)]) },
      {
        name: 'a required section as a sub-heading with a designator',
        files: { [FILE]: withSections(REQUIRED.filter((t) => t !== 'Conformance'))[FILE]!.replace('## Proposal\n\nText.', '## Proposal\n\n### §A — Shapes\n\nText.\n\n### §B — Conformance\n\nText.') },
      },
    ],
    invalid: [
      {
        name: "a section out of the process's sectionOrder (the eip preset), at the heading",
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9'), EIP_BODY.replace('## Abstract\n\nText.\n\n## Specification', '## Specification\n\nText.\n\n## Abstract')) },
        errors: [{ messageId: 'order', line: 16, column: 1, data: { section: 'Abstract', after: 'Specification' } }],
      },
      {
        name: 'a section a Core EIP has (sectionsRequiredWhen), at line 1 (no title line)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { type: 'Standards Track', category: 'Core' }), EIP_BODY) },
        errors: [{ messageId: 'missingWhen', line: 1, column: 1, data: { section: 'Test Cases', condition: 'category is "Core"', aDocument: 'an EIP' } }],
      },
      {
        name: 'a section left out (at the title line)',
        files: withSections(REQUIRED.filter((t) => t !== 'Alternatives considered')),
        errors: [{ messageId: 'missing', line: 1, column: 1, data: { section: 'Alternatives considered', document: 'RFC' } }],
      },
      {
        name: 'a misspelt title gets a "did you mean" (at the heading)',
        files: withSections(REQUIRED.map((t) => (t === 'Unresolved questions' ? 'Unresolved question' : t))),
        errors: [{ messageId: 'misnamed', line: 31, column: 1, data: { section: 'Unresolved questions', heading: 'Unresolved question' } }],
      },
    ],
  },
  async run(ctx) {
    const { process } = ctx.layout;
    const { document, aDocument } = documentWords(process);
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      ctx.visit();
      // The sections every RFC has, and those its rows call for (EIP-1's Test Cases of a Core EIP).
      const when = new Map(Object.entries(process.sectionsRequiredWhen).filter(([, c]) => conditionHolds(c, (row) => headerField(doc, row)?.value)));
      const required = [...process.requiredSections, ...[...when.keys()].filter((t) => !process.requiredSections.includes(t))];
      const headings = doc.sections.filter((s) => s.kind === 'heading' && s.depth >= 2);
      reportOrder(ctx, doc, headings, process.sectionOrder);
      const missing = required.filter((want) => !headings.some((h) => names(h, want)));
      if (missing.length === 0) continue;
      // A heading that is no required section may be one misspelt: the nearest missing title, if near.
      const spare = headings.filter((h) => !required.some((want) => names(h, want)));
      const used = new Set<Section>();
      for (const section of missing) {
        const near = nearestHeading(section, spare, used);
        if (near) {
          used.add(near);
          ctx.report({ at: { file: doc.file, range: near.range }, messageId: 'misnamed', data: { section, heading: withoutDesignator(near.title) } });
        } else if (when.has(section) && !process.requiredSections.includes(section)) {
          ctx.report({ at: { file: doc.file, range: titleRange(doc) }, messageId: 'missingWhen', data: { section, condition: conditionText(when.get(section)!), aDocument } });
        } else ctx.report({ at: { file: doc.file, range: titleRange(doc) }, messageId: 'missing', data: { section, document } });
      }
    }
  },
};

/**
 * Whether a heading is the required section `want`: its title opens with it (`Implementation notes
 * (non-normative)`), or is its first word alone, as upstream shortens a title (`## Unresolved` for
 * "Unresolved questions").
 */
function names(h: Section, want: string): boolean {
  if (namedBy(h.title, want)) return true;
  const first = want.trim().split(/\s+/);
  return first.length > 1 && withoutDesignator(h.title).replace(/:$/, '').trim().toLowerCase() === first[0]!.toLowerCase();
}

/**
 * Each top-level section (the shallowest heading depth) of the process's order that comes after
 * one the order puts later: reported once, at the heading, naming the one it follows.
 */
function reportOrder(ctx: Parameters<Rule['run']>[0], doc: RfcDocument, headings: Section[], order: readonly string[]): void {
  if (order.length === 0 || headings.length === 0) return;
  const top = Math.min(...headings.map((h) => h.depth));
  let latest: { index: number; title: string } | undefined;
  for (const h of headings) {
    if (h.depth !== top) continue;
    const index = order.findIndex((want) => namedBy(h.title, want));
    if (index < 0) continue;
    if (latest && index < latest.index) {
      ctx.report({ at: { file: doc.file, range: h.range }, messageId: 'order', data: { section: order[index]!, after: latest.title } });
      continue;
    }
    latest = { index, title: order[index]! };
  }
}

/** The spare heading whose title (without designator) is a likely typo of `section`. */
function nearestHeading(section: string, spare: Section[], used: Set<Section>): Section | undefined {
  const free = spare.filter((h) => !used.has(h));
  const byTitle = new Map(free.map((h) => [withoutDesignator(h.title), h] as const));
  const near = didYouMean(section, byTitle.keys());
  return near === undefined ? undefined : byTitle.get(near);
}

/** The `# RFC NNNN: Title` line, else the file's first character. */
function titleRange(doc: RfcDocument) {
  return doc.title?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
}
