import { didYouMeanHint } from '../../../core/base/did-you-mean.js';
import type { Rule } from '../../../core/engine/rule.js';
import { statusNames } from '../../../core/preset/process.js';
import { headerField, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText, rfcText } from '../example-rfcs.js';

const FILE = 'RFCS/0007-sample.md';
const withStatus = (status: string) => ({ [FILE]: rfcText('RFC 0007: Sample', [['RFC', '0007'], ['Status', status]]) });

export const statusKnown: Rule = {
  id: 'rfcs/status-known',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3' },
  description: "The Status row holds one of the process's statuses (`process.statuses` and `otherStatuses`; under specgate and openwop Draft, Active, Accepted, Withdrawn, Superseded, Rejected).",
  messages: {
    unknown: 'status "{{value}}" is not one of {{names}}{{hint}}',
  },
  examples: {
    valid: [
      { name: 'a status of the process, in backticks', files: withStatus('`Accepted`') },
      { name: 'a status as a plain word, with a note after it', files: withStatus('Active (since 2026-04-01)') },
      { name: 'a status of two words in a preamble, one with no role (the eip preset\'s otherStatuses)', preset: 'eip', files: { 'EIPS/eip-9.md': eipText(eipFields('9', { status: 'Last Call' })) } },
    ],
    invalid: [
      {
        name: 'a status EIP-1 does not list (the eip preset)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { status: 'Moved' })) },
        errors: [{ messageId: 'unknown', line: 7, column: 9, data: { value: 'Moved', names: 'Draft, Final, Withdrawn, Review, Last Call, Stagnant, Living', hint: '' } }],
      },
      {
        name: 'a status outside the set',
        files: withStatus('`Approved`'),
        errors: [{ messageId: 'unknown', line: 6, column: 16, data: { value: 'Approved', names: 'Draft, Active, Accepted, Withdrawn, Superseded, Rejected', hint: '' } }],
      },
      {
        name: 'a misspelt status gets a "did you mean"',
        files: withStatus('`Acepted`'),
        errors: [{ messageId: 'unknown', line: 6, column: 16, data: { value: 'Acepted', names: 'Draft, Active, Accepted, Withdrawn, Superseded, Rejected', hint: '; did you mean "Accepted"?' } }],
      },
    ],
  },
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
      // A status of several words written without backticks (`| Status | Last Call |`): the cell opens with it.
      if (names.some((n) => n.includes(' ') && new RegExp(`^${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(row.value))) continue;
      const value = status?.value ?? row.value;
      ctx.report({
        at: { file: doc.file, range: status?.range ?? row.valueRange },
        messageId: 'unknown',
        data: { value, names: names.join(', '), hint: didYouMeanHint(value, names) },
      });
    }
  },
};
