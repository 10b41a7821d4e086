import { documentWords } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import type { Range } from '../../../core/model/position.js';
import type { RfcDocument, UnrenderedBlock } from '../../../rfc/document.js';
import { rfcNumber } from '../../../rfc/document.js';
import { exists, sectionHint } from '../../../rfc/resolve.js';
import { loadRfcSet, rfcByNumber } from '../../../rfc/set.js';

/** An RFC as the examples write it: its title line and one section. */
const rfc = (n: string, body: string) => ({ [`RFCS/${n}-example.md`]: `# RFC ${n}: Example\n\n${body}\n` });

/**
 * Every section an RFC cites, of another RFC (`RFC 0001 §3`, `RFC 0001 §"Status states"`) or of
 * itself (a bare `§E`), is there. A citation of an RFC that is not in the folder is left alone:
 * nothing can be resolved against it. A bare `§X` is read as the document the text means
 * (citations.ts): the RFC named nearest before it, else the RFC itself; it is reported only when
 * no reading has the label. Labels are wherever upstream writes them (sections.ts): headings, bold
 * labels (inside a paragraph too), numbered list items, numbered rows of a section's table.
 */
export const citedSectionExists: Rule = {
  id: 'rfcs/cited-section-exists',
  rfc: 'RFC 0001 §D',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description:
    'Every section an RFC cites (`RFC NNNN §X`, `RFC NNNN §"Name"`, or a bare `§X`, read as the RFC named nearest before it, else its own) is a heading, bold label, numbered item or numbered table row of the cited RFC; a table or list that does not render is one finding at its line.',
  messages: {
    own: '§{{section}} cites a section of this {{document}}, but {{file}} has no such section{{hint}}',
    other: '{{citation}} cites a section of {{document}} {{rfc}}, but {{file}} has no such section{{hint}}',
    unrendered: 'the {{kind}} at line {{line}} does not render: {{cause}}; add a blank line before it (its rows are cited as {{cited}}, which read as missing until it renders)',
    bare: '§{{section}} cites a section of {{document}} {{rfc}} (the {{document}} named nearest before it), but {{file}} has no such section, nor has this {{document}}{{hint}}',
  },
  examples: {
    valid: [{ name: "an RFC citing another's section and its own", files: { ...rfc('0001', '### §A Layout\n\nText.'), ...rfc('0002', '### §A Scope\n\nAs RFC 0001 §A says, and as §A here says.') } }],
    invalid: [
      {
        name: 'a section the cited RFC does not have',
        files: { ...rfc('0001', '### §A Layout\n\nText.'), ...rfc('0002', '### §A Scope\n\nAs RFC 0001 §B says.') },
        errors: [{ messageId: 'other', file: 'RFCS/0002-example.md', line: 5, column: 4, data: { citation: 'RFC 0001 §B', rfc: '0001', file: 'RFCS/0001-example.md', hint: ' (it has §A)', document: 'RFC' } }],
      },
      {
        name: 'a section of its own it does not have',
        files: rfc('0002', '### §A Scope\n\nSee §C below.'),
        errors: [{ messageId: 'own', line: 5, column: 5, data: { section: 'C', file: 'RFCS/0002-example.md', hint: ' (it has §A)', document: 'RFC' } }],
      },
      {
        name: 'a bare § read as the RFC its sentence names, which has no such section (nor has the citing RFC)',
        files: { ...rfc('0001', '### §A Layout\n\n**§A.1** Text. **§A.2** Text.'), ...rfc('0002', '### §A Scope\n\nRFC 0001 §A.1 sets the layout and its §A.3 the order.') },
        errors: [{ messageId: 'bare', file: 'RFCS/0002-example.md', line: 5, column: 39, data: { section: 'A.3', rfc: '0001', file: 'RFCS/0001-example.md', hint: ' (§A has §A.1, §A.2)', document: 'RFC' } }],
      },
      {
        name: 'a table under a list item does not render: one finding at the table, for every row cited',
        files: rfc('0002', '### §B Axes\n\n- The axes:\n| # | Axis |\n| --- | --- |\n| 1 | time |\n| 2 | space |\n\nSee §B.1 and §B.2.'),
        errors: [
          {
            messageId: 'unrendered',
            line: 6,
            column: 1,
            data: { kind: 'table', line: '6', cause: 'it follows a list item with no blank line between, so its rows are read as the text of the item', cited: '§B.1, §B.2' },
          },
        ],
      },
    ],
  },
  async run(ctx) {
    const set = await loadRfcSet(ctx.corpus);
    const { document } = documentWords(ctx.layout.process);
    const unrendered = new Map<string, { target: RfcDocument; block: UnrenderedBlock; citations: Array<{ file: string; range: Range; text: string }> }>();
    for (const doc of await set.all()) {
      ctx.visit();
      for (const c of doc.citations) {
        const byNumber = async (n: string | undefined) => (n === undefined || n === rfcNumber(doc) ? doc : await rfcByNumber(set, n));
        const target = await byNumber(c.rfc);
        if (!target || !ownNumbering(target, c.section) || exists(target, c.section)) continue;
        if (c.bare) {
          // A bare `§G.1` where the document it is read as has no §G names no section of it: it is, in
          // practice, a section of a document the text has in mind without naming it (the parent
          // charter, a spec document). Not certain, so nothing is said, unless the text says it is its own ("see §C below").
          if (!c.explicit && !topSectionExists(target, c.section)) continue;
          // Another reading that holds it (the RFC itself, an RFC named nearby) is taken: only a label no reading has is missing.
          let held = false;
          for (const n of [...(c.nearby ?? []), ...(c.rfc !== undefined ? [undefined] : [])]) {
            const other = await byNumber(n);
            if (other && other !== target && exists(other, c.section)) held = true;
          }
          if (held) continue;
        }
        // A table or list of the cited section that does not render hides its rows: one finding for it, below.
        const hidden = hiddenBy(target, c.section);
        if (hidden) {
          const key = `${target.file}:${hidden.line}`;
          const group = unrendered.get(key) ?? unrendered.set(key, { target, block: hidden, citations: [] }).get(key)!;
          group.citations.push({ file: doc.file, range: c.range, text: c.text });
          continue;
        }
        const hint = sectionHint(target, c.section);
        ctx.report({
          at: { file: doc.file, range: c.range },
          ...(target === doc
            ? { messageId: 'own', data: { section: c.section, file: target.file, hint, document } }
            : c.bare
              ? { messageId: 'bare', data: { section: c.section, rfc: c.rfc!, file: target.file, hint, document } }
              : { messageId: 'other', data: { citation: c.text, rfc: c.rfc!, file: target.file, hint, document } }),
          ...(target !== doc ? { related: [{ file: target.file, ...(target.title?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 }), message: `${document} ${c.rfc}` }] } : {}),
        });
      }
    }
    for (const { target, block, citations } of unrendered.values()) {
      const names = [...new Set(citations.map((c) => c.text))];
      ctx.report({
        at: { file: target.file, range: { line: block.line, column: 1, endLine: block.line, endColumn: 1 } },
        messageId: 'unrendered',
        data: { kind: block.kind === 'table' ? 'table' : 'numbered list', line: String(block.line), cause: block.cause, cited: names.join(', ') },
        related: citations.map((c) => ({ file: c.file, ...c.range, message: `cites ${c.text}` })),
      });
    }
  },
};

/** An unrendered table or list inside the section a missing `§B.3` is an item of (`B`). */
function hiddenBy(target: RfcDocument, section: string): UnrenderedBlock | undefined {
  const parent = /^(.+)\.\d+$/.exec(section)?.[1];
  if (!parent || !target.unrendered) return undefined;
  const owners = target.sections.filter((s) => s.id === parent);
  return target.unrendered.find((b) => owners.some((o) => b.start >= o.start && b.start < o.end));
}

/** Whether the citation's top section (`G` of `§G.1`, `F` of `§F`) is one of the RFC's sections (a lettered designator; any other is left to `exists`). */
function topSectionExists(doc: RfcDocument, section: string): boolean {
  const top = /^([A-Z])(?:\.\d+)*(?:-\d+)?$/.exec(section)?.[1];
  return top === undefined || doc.sections.some((s) => s.id === top);
}

/**
 * A number (`§2.3`, `§4`, `RFC 0035 §20`) is a section of the RFC only when the RFC numbers its
 * sections so (an RFC lettered §A–§D has no `§20`: a label scheme the reader does not know, a line
 * or a paragraph of some version of it; nothing is said):
 * some `2.x` beside `§2.3`, numbered top sections up to `§4`. Otherwise it is, in practice, a
 * section of a specification the sentence is about (`A2A §9.5`, `the row of §4`).
 */
function ownNumbering(doc: RfcDocument, section: string): boolean {
  if (!/^\d/.test(section)) return true;
  const parts = section.split('.');
  const numbered = doc.sections.flatMap((s) => (s.kind === 'heading' && s.id && /^\d/.test(s.id) ? [s.id.split('.')] : []));
  if (parts.length === 1) {
    const top = numbered.filter((p) => p.length === 1).map((p) => Number(p[0]));
    return top.length > 0 && Number(parts[0]) <= Math.max(...top) + 1;
  }
  return numbered.some((p) => p.length === parts.length && p.slice(0, -1).join('.') === parts.slice(0, -1).join('.'));
}
