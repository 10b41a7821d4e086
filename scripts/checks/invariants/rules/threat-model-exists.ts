import path from 'node:path';
import type { Rule } from '../../../core/engine/rule.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

export const threatModelExists: Rule = {
  id: 'invariants/threat-model-exists',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: "Every invariant's `threat_model` names a file that exists in the repository.",
  messages: {
    outside: 'threat model "{{path}}" is outside the repository',
    missing: 'threat model "{{path}}" of invariant "{{invariant}}" does not exist',
  },
  examples: {
    valid: [{ name: 'a threat model that exists', files: invariantsWith([entry('example')]) }],
    invalid: [
      { name: 'a threat model that does not exist', files: invariantsWith([entry('example', { threat_model: 'invariants/threat-models/missing.md' })]), errors: [{ messageId: 'missing', line: 6, column: 19, data: { path: 'invariants/threat-models/missing.md', invariant: 'example' } }] },
      { name: 'a threat model outside the repository', files: invariantsWith([entry('example', { threat_model: '../threats.md' })]), errors: [{ messageId: 'outside', line: 6, column: 19, data: { path: '../threats.md' } }] },
    ],
  },
  run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    for (const e of set.entries) {
      const tm = e.value.threat_model;
      if (typeof tm !== 'string' || tm === '') continue; // the schema reports it
      ctx.visit();
      const at = { doc: set.doc, pointer: `${e.pointer}/threat_model` };
      const norm = path.posix.normalize(tm);
      if (path.posix.isAbsolute(tm) || norm.startsWith('..')) ctx.report({ at, messageId: 'outside', data: { path: tm } });
      else if (!ctx.corpus.exists(norm)) ctx.report({ at, messageId: 'missing', data: { path: tm, invariant: e.id ?? `#${e.index}` } });
    }
  },
};
