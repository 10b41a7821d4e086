import type { Rule } from '../../../core/engine/rule.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith, rfc } from '../example-files.js';

/** RFC 0212 introduces `example` (protocol, high) in its Security section. */
const introducing = (...entries: string[]) => invariantsWith(entries, rfc('0212', 'Accepted', '\n## Security\n\nNew invariant `example` (protocol, high) — §A.\n'));

export const securityLineMatches: Rule = {
  id: 'invariants/security-line-matches',
  rfc: 'RFC 0001 §F',
  // Upstream's RFC 0001 and template state no Security-line convention; its findings say whose it is.
  rfcByPreset: { openwop: "specgate's RFC 0001 §F" },
  description: "Every `New invariant <id> (<tier>, <severity>)` line of an RFC's Security section has its entry, with the same tier and severity.",
  messages: {
    noEntry: 'RFC {{rfc}} names new invariant "{{invariant}}" ({{tier}}, {{severity}}), but {{file}} has no entry with that id',
    differs: "invariant \"{{invariant}}\" has {{field}} {{found}}, but RFC {{rfc}}'s Security line says {{want}}",
    uncited: 'invariant "{{invariant}}" is introduced by RFC {{rfc}} but does not cite it',
  },
  examples: {
    valid: [{ name: 'the entry with the same tier and severity, citing its RFC', files: introducing(entry('example', { tier: 'protocol', severity: 'high', rfcs: '["0212 §A"]' })) }],
    invalid: [
      {
        name: 'a tier other than the Security line says (at the tier)',
        files: introducing(entry('example', { tier: 'reference-impl', severity: 'high', rfcs: '["0212 §A"]' })),
        errors: [{ messageId: 'differs', line: 4, column: 11, data: { invariant: 'example', field: 'tier', found: '"reference-impl"', rfc: '0212', want: 'protocol' } }],
      },
      { name: 'a Security line without its entry (at the RFC)', files: introducing(entry('other')), errors: [{ messageId: 'noEntry', file: 'RFCS/0212-example.md', line: 14, column: 15 }] },
      { name: 'the entry does not cite the RFC that introduces it (a warning)', files: introducing(entry('example', { tier: 'protocol', severity: 'high' })), errors: [{ messageId: 'uncited', line: 3, column: 5, data: { invariant: 'example', rfc: '0212' } }] },
    ],
  },
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const rfcs = await loadRfcSet(ctx.corpus);
    for (const file of rfcs.files) {
      ctx.visit();
      // Only RFCs that introduce an invariant need parsing (searched in the file's bytes: no
      // string is made of thousands of texts just to look).
      if (!ctx.corpus.contains(file, 'New invariant')) continue;
      const doc = await rfcs.read(file);
      if (!doc) continue;
      const number = doc.fileNumber ?? doc.title?.number ?? '????';
      for (const line of doc.securityLines) {
        const entry = set.entries.find((e) => e.id === line.id);
        const related = [{ file: doc.file, ...line.range, message: `RFC ${number} §${ctx.layout.process.sections.security}: New invariant ${line.id} (${line.tier}, ${line.severity})` }];
        if (!entry) {
          ctx.report({
            at: { file: doc.file, range: line.range },
            messageId: 'noEntry',
            data: { rfc: number, invariant: line.id, tier: line.tier, severity: line.severity, file: set.doc.file },
          });
          continue;
        }
        for (const field of ['tier', 'severity'] as const) {
          const want = line[field];
          const got = entry.value[field];
          if (got === want) continue;
          ctx.report({
            at: { doc: set.doc, pointer: `${entry.pointer}/${field}` },
            messageId: 'differs',
            data: { invariant: line.id, field, found: JSON.stringify(got ?? null), rfc: number, want },
            related,
          });
        }
        if (!entry.citations.some((c) => c.rfc === number)) {
          ctx.report({
            at: { doc: set.doc, pointer: entry.pointer },
            severity: 'warning',
            messageId: 'uncited',
            data: { invariant: line.id, rfc: number },
            related,
          });
        }
      }
    }
  },
};
