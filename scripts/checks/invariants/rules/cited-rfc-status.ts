import type { Rule } from '../../../core/engine/rule.js';
import { headerField, namedRfcs, rfcStatus } from '../../../rfc/document.js';
import { resolvedCitations } from '../cited-rfcs.js';
import { entry, invariantsWith, rfc } from '../example-files.js';

/** An entry citing RFC 0152, in the status given. */
const citing0152 = (status: string, extraRows = '') => invariantsWith([entry('example', { rfcs: '["0152 §A"]' })], rfc('0152', status, '', extraRows));

export const citedRfcStatus: Rule = {
  id: 'invariants/cited-rfc-status',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3' },
  description: 'A cited RFC is live: Withdrawn or Rejected is an error, Superseded a warning naming the successor.',
  messages: {
    retired: 'invariant "{{invariant}}" cites RFC {{rfc}}, which is {{status}}; cite the rule that is in force instead',
    superseded: 'invariant "{{invariant}}" cites RFC {{rfc}}, which is Superseded by {{successors}}; cite that instead',
    supersededByNone: 'invariant "{{invariant}}" cites RFC {{rfc}}, which is Superseded and names no successor',
  },
  examples: {
    valid: [{ name: 'a cited RFC that is Accepted', files: citing0152('Accepted') }],
    invalid: [
      { name: 'a cited RFC that is Withdrawn (an error)', files: citing0152('Withdrawn'), errors: [{ messageId: 'retired', line: 9, column: 12, data: { invariant: 'example', rfc: '0152', status: 'Withdrawn' } }] },
      {
        name: 'a cited RFC that is Superseded (a warning naming the successor)',
        files: citing0152('Superseded', '| **Superseded by** | RFC 0211 |\n'),
        errors: [{ messageId: 'superseded', line: 9, column: 12, data: { invariant: 'example', rfc: '0152', successors: 'RFC 0211' } }],
      },
    ],
  },
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      const status = rfcStatus(doc)?.value;
      const who = { invariant: e.id ?? `#${e.index}`, rfc: c.rfc };
      // Located only when reported: most citations are of live RFCs.
      const at = () => ({ file: set.doc.file, range: c.range, pointer: c.pointer });
      if (status === 'Withdrawn' || status === 'Rejected') {
        ctx.report({ at: at(), messageId: 'retired', data: { ...who, status } });
      } else if (status === 'Superseded') {
        const next = namedRfcs(headerField(doc, 'Superseded by')?.value ?? '');
        if (next.length) ctx.report({ at: at(), severity: 'warning', messageId: 'superseded', data: { ...who, successors: next.map((n) => `RFC ${n}`).join(', ') } });
        else ctx.report({ at: at(), severity: 'warning', messageId: 'supersededByNone', data: who });
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
  messages: { draft: 'invariant "{{invariant}}" cites RFC {{rfc}}, which is still a Draft' },
  examples: {
    valid: [{ name: 'a cited RFC past Draft', files: citing0152('Active') }],
    invalid: [{ name: 'a cited RFC that is a Draft (a warning)', files: citing0152('Draft'), errors: [{ messageId: 'draft', line: 9, column: 12, data: { invariant: 'example', rfc: '0152' } }] }],
  },
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      if (rfcStatus(doc)?.value !== 'Draft') continue;
      ctx.report({ at: { file: set.doc.file, range: c.range, pointer: c.pointer }, messageId: 'draft', data: { invariant: e.id ?? `#${e.index}`, rfc: c.rfc } });
    }
  },
};
