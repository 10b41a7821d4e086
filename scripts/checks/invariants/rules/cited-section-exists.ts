import type { Rule } from '../../../core/engine/rule.js';
import { exists, sectionHint } from '../../../rfc/resolve.js';
import { resolvedCitations } from '../cited-rfcs.js';
import { entry, invariantsWith, rfc } from '../example-files.js';

/** RFC 0211 with a second, named section: what quoted names in the examples resolve against. */
const RFC_0211 = rfc('0211', 'Accepted', '\n## §B Wire examples\n\nThe examples.\n');

export const citedSectionExists: Rule = {
  id: 'invariants/cited-section-exists',
  rfc: 'RFC 0001 §D',
  rfcByPreset: { openwop: 'RFC 0001 UQ1' },
  description: 'Every cited section (§D, nested §D.7, §A14, §Host-RPC, UQ4, or a quoted heading or label name such as §"Bounded schema compilation") is a heading, bold label or unresolved question of the cited RFC.',
  messages: { absent: 'invariant "{{invariant}}" cites RFC {{rfc}} §{{section}}, but {{file}} has no such section{{hint}}' },
  examples: {
    valid: [
      {
        name: 'a section id in the list; a quoted heading name in prose, without its designator and split by a line break',
        files: invariantsWith([entry('example', { rfcs: '["0211 §B"]', note: '|\n      See RFC 0211 §"Wire\n      examples".' })], RFC_0211),
      },
    ],
    invalid: [
      {
        name: 'a section the RFC does not have',
        files: invariantsWith([entry('example', { rfcs: '["0211 §Z"]' })], RFC_0211),
        errors: [{ messageId: 'absent', line: 9, column: 12, data: { invariant: 'example', rfc: '0211', section: 'Z', file: 'RFCS/0211-example.md', hint: '' } }],
      },
      {
        name: 'a quoted name split by a line break that no heading has, with a "did you mean"',
        files: invariantsWith([entry('example', { rfcs: '["0211 §A"]', note: '|\n      See RFC 0211 §"Wire\n      exemples".' })], RFC_0211),
        errors: [{ messageId: 'absent', line: 11, column: 11, data: { invariant: 'example', rfc: '0211', section: '"Wire exemples"', file: 'RFCS/0211-example.md', hint: '; did you mean §"Wire examples"?' } }],
      },
    ],
  },
  async run(ctx) {
    for await (const { set, entry: e, citation: c, rfc: doc } of resolvedCitations(ctx.corpus)) {
      ctx.visit();
      if (c.section === undefined || exists(doc, c.section)) continue;
      ctx.report({
        at: { file: set.doc.file, range: c.range, pointer: c.pointer },
        messageId: 'absent',
        data: { invariant: e.id ?? `#${e.index}`, rfc: c.rfc, section: c.section, file: doc.file, hint: sectionHint(doc, c.section) },
      });
    }
  },
};
