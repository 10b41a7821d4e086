import type { Rule } from '../../../core/rule.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { loadInvariantSet } from '../invariant-set.js';

export const securityLineMatches: Rule = {
  id: 'invariants/security-line-matches',
  rfc: 'RFC 0001 §F',
  // Upstream's RFC 0001 and template state no Security-line convention; its findings say whose it is.
  rfcByPreset: { openwop: "specgate's RFC 0001 §F" },
  description: "Every `New invariant <id> (<tier>, <severity>)` line of an RFC's Security section has its entry, with the same tier and severity.",
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
        const related = [{ file: doc.file, ...line.range, message: `RFC ${number} §Security: New invariant ${line.id} (${line.tier}, ${line.severity})` }];
        if (!entry) {
          ctx.report({
            at: { file: doc.file, range: line.range },
            message: `RFC ${number} names new invariant "${line.id}" (${line.tier}, ${line.severity}), but ${set.doc.file} has no entry with that id`,
          });
          continue;
        }
        for (const field of ['tier', 'severity'] as const) {
          const want = line[field];
          const got = entry.value[field];
          if (got === want) continue;
          ctx.report({
            at: { doc: set.doc, pointer: `${entry.pointer}/${field}` },
            message: `invariant "${line.id}" has ${field} ${JSON.stringify(got ?? null)}, but RFC ${number}'s Security line says ${want}`,
            related,
          });
        }
        if (!entry.citations.some((c) => c.rfc === number)) {
          ctx.report({
            at: { doc: set.doc, pointer: entry.pointer },
            severity: 'warning',
            message: `invariant "${line.id}" is introduced by RFC ${number} but does not cite it`,
            related,
          });
        }
      }
    }
  },
};
