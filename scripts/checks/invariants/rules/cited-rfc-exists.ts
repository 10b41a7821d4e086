import type { Rule } from '../../../core/engine/rule.js';
import { loadRfcSet, rfcFile } from '../../../rfc/set.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

export const citedRfcExists: Rule = {
  id: 'invariants/cited-rfc-exists',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'RFC 0001 §1' },
  description: 'Every RFC an invariant cites is a file in the RFC folder.',
  messages: { absent: 'invariant "{{invariant}}" cites RFC {{rfc}}, which is not in {{dir}}/ (no {{dir}}/{{rfc}}-*.md)' },
  examples: {
    valid: [{ name: 'a cited RFC in the folder, in the list and in prose', files: invariantsWith([entry('example', { note: 'Rests on RFC 0211 §A.' })]) }],
    invalid: [
      {
        name: 'an RFC the folder does not hold, in the list and in prose',
        files: invariantsWith([entry('example', { rfcs: '["9999 §A"]', note: 'Rests on RFC 9998 §B, which nobody wrote.' })]),
        errors: [
          { messageId: 'absent', line: 9, column: 12, data: { invariant: 'example', rfc: '9999', dir: 'RFCS' } },
          { messageId: 'absent', line: 10, column: 20, data: { invariant: 'example', rfc: '9998', dir: 'RFCS' } },
        ],
      },
    ],
  },
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const rfcs = await loadRfcSet(ctx.corpus);
    for (const e of set.entries) {
      const seen = new Set<string>();
      for (const c of e.citations) {
        ctx.visit();
        if (rfcFile(rfcs, c.rfc)) continue;
        const key = `${c.rfc}@${c.range.line}:${c.range.column}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.report({
          at: { file: set.doc.file, range: c.range, pointer: c.pointer },
          messageId: 'absent',
          data: { invariant: e.id ?? `#${e.index}`, rfc: c.rfc, dir: rfcs.dir },
        });
      }
    }
  },
};
