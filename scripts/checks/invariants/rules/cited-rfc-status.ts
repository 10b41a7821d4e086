import type { Rule } from '../../../core/rule.js';
import { headerField, namedRfcs, rfcStatus } from '../../../rfc/document.js';
import { resolvedCitations } from '../cited-rfcs.js';

export const citedRfcStatus: Rule = {
  id: 'invariants/cited-rfc-status',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3' },
  description: 'A cited RFC is live: Withdrawn or Rejected is an error, Superseded a warning naming the successor.',
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      const status = rfcStatus(doc)?.value;
      const who = `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc}`;
      // Located only when reported: most citations are of live RFCs.
      const at = () => ({ file: set.doc.file, range: c.range, pointer: c.pointer });
      if (status === 'Withdrawn' || status === 'Rejected') {
        ctx.report({ at: at(), message: `${who}, which is ${status}; cite the rule that is in force instead` });
      } else if (status === 'Superseded') {
        const next = namedRfcs(headerField(doc, 'Superseded by')?.value ?? '');
        ctx.report({ at: at(), severity: 'warning', message: `${who}, which is Superseded${next.length ? ` by ${next.map((n) => `RFC ${n}`).join(', ')}; cite that instead` : ' and names no successor'}` });
      }
    }
  },
};

/** This project's convention: upstream files invariants while their RFC is still a Draft. */
export const citedRfcDraft: Rule = {
  id: 'invariants/cited-rfc-draft',
  rfc: 'RFC 0001 §C',
  description: 'A cited RFC is past Draft.',
  defaultSeverity: 'warning',
  rfcProcess: 'specgate',
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      if (rfcStatus(doc)?.value !== 'Draft') continue;
      ctx.report({ at: { file: set.doc.file, range: c.range, pointer: c.pointer }, message: `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc}, which is still a Draft` });
    }
  },
};
