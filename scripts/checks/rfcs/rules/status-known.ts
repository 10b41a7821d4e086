import { didYouMeanHint } from '../../../core/did-you-mean.js';
import type { Rule } from '../../../core/rule.js';
import { statusNames } from '../../../core/process.js';
import { headerField, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

export const statusKnown: Rule = {
  id: 'rfcs/status-known',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3' },
  description: 'The Status row holds one of Draft, Active, Accepted, Withdrawn, Superseded, Rejected.',
  async run(ctx) {
    // The names come from the process (a preset's or the config's `process.statuses`).
    const names = statusNames(ctx.layout.process);
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      const row = headerField(doc, 'Status');
      if (!row) continue; // rfcs/header-table reports the missing row
      ctx.visit();
      const status = rfcStatus(doc);
      if (status && names.includes(status.value)) continue;
      const value = status?.value ?? row.value;
      ctx.report({
        at: { file: doc.file, range: status?.range ?? row.valueRange },
        message: `status "${value}" is not one of ${names.join(', ')}${didYouMeanHint(value, names)}`,
      });
    }
  },
};
