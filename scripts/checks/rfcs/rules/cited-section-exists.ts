import type { Rule } from '../../../core/rule.js';
import type { RfcDocument } from '../../../rfc/document.js';
import { rfcNumber } from '../../../rfc/document.js';
import { exists, sectionHint } from '../../../rfc/resolve.js';
import { loadRfcSet, rfcByNumber } from '../../../rfc/set.js';

/**
 * Every section an RFC cites, of another RFC (`RFC 0001 §3`, `RFC 0001 §"Status states"`) or of
 * itself (a bare `§E`), is there. A citation of an RFC that is not in the folder is left alone:
 * nothing can be resolved against it.
 */
export const citedSectionExists: Rule = {
  id: 'rfcs/cited-section-exists',
  rfc: 'RFC 0001 §D',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: 'Every section an RFC cites (`RFC NNNN §X`, `RFC NNNN §"Name"`, or a bare `§X` of its own) is a heading, bold label or numbered item of the cited RFC.',
  async run(ctx) {
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      ctx.visit();
      for (const c of doc.citations) {
        if (c.rfc === undefined && !ownNumbering(doc, c.section)) continue;
        const target = c.rfc === undefined || c.rfc === rfcNumber(doc) ? doc : await rfcByNumber(set, c.rfc);
        if (!target || exists(target, c.section)) continue;
        const who = target === doc ? `§${c.section} cites a section of this RFC` : `${c.text} cites a section of RFC ${c.rfc}`;
        ctx.report({
          at: { file: doc.file, range: c.range },
          message: `${who}, but ${target.file} has no such section${sectionHint(target, c.section)}`,
          ...(target !== doc ? { related: [{ file: target.file, ...(target.title?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 }), message: `RFC ${c.rfc}` }] } : {}),
        });
      }
    }
  },
};

/**
 * A bare number (`§2.3`, `§4`) is this RFC's own section only when the RFC numbers its sections so:
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
