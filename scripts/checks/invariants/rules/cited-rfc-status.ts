import type { Rule } from '../../../core/rule.js';
import { headerField, namedRfcs, rfcStatus } from '../../rfcs/rfc-document.js';
import { loadRfcSet, rfcByNumber } from '../../rfcs/rfc-set.js';
import { loadInvariantSet } from '../invariant-set.js';

export const citedRfcStatus: Rule = {
  id: 'invariants/cited-rfc-status',
  rfc: 'RFC 0001 §C',
  description: 'A cited RFC is live: Withdrawn or Rejected is an error, Draft or Superseded a warning naming the successor.',
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const rfcs = await loadRfcSet(ctx.corpus);
    for (const e of set.entries) {
      for (const c of e.citations) {
        const doc = await rfcByNumber(rfcs, c.rfc);
        if (!doc) continue;
        ctx.visit();
        const status = rfcStatus(doc)?.value;
        const who = `invariant "${e.id ?? `#${e.index}`}" cites RFC ${c.rfc}`;
        const at = { file: set.doc.file, range: c.range, pointer: c.pointer };
        if (status === 'Withdrawn' || status === 'Rejected') {
          ctx.report({ at, message: `${who}, which is ${status}; cite the rule that is in force instead` });
        } else if (status === 'Superseded') {
          const next = namedRfcs(headerField(doc, 'Superseded by')?.value ?? '');
          ctx.report({ at, severity: 'warning', message: `${who}, which is Superseded${next.length ? ` by ${next.map((n) => `RFC ${n}`).join(', ')}; cite that instead` : ' and names no successor'}` });
        } else if (status === 'Draft') {
          ctx.report({ at, severity: 'warning', message: `${who}, which is still a Draft` });
        }
      }
    }
  },
};
