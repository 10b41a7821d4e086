import path from 'node:path';
import type { Rule } from '../../../core/rule.js';
import { loadInvariantSet } from '../invariant-set.js';

export const threatModelExists: Rule = {
  id: 'invariants/threat-model-exists',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: "Every invariant's `threat_model` names a file that exists in the repository.",
  run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    for (const e of set.entries) {
      const tm = e.value.threat_model;
      if (typeof tm !== 'string' || tm === '') continue; // the schema reports it
      ctx.visit();
      const at = { doc: set.doc, pointer: `${e.pointer}/threat_model` };
      const norm = path.posix.normalize(tm);
      if (path.posix.isAbsolute(tm) || norm.startsWith('..')) ctx.report({ at, message: `threat model "${tm}" is outside the repository` });
      else if (!ctx.corpus.exists(norm)) ctx.report({ at, message: `threat model "${tm}" of invariant "${e.id ?? `#${e.index}`}" does not exist` });
    }
  },
};
