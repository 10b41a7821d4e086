import { didYouMeanHint } from '../../../core/base/did-you-mean.js';
import type { Rule } from '../../../core/engine/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText } from '../example-rfcs.js';
import { rangeInCell } from '../where.js';

const FILE = 'EIPS/eip-9.md';
const eip = (over: Readonly<Record<string, string | null>>) => ({ [FILE]: eipText(eipFields('9', over)) });

/**
 * A header row's value is one its process lists (`process.rowValues`: EIP-1's types and
 * categories) and no longer than its limit (`process.rowMaxLength`: EIP-1's 44-character
 * title). The Status row is `rfcs/status-known`'s. A process that lists nothing checks nothing.
 */
export const rowValues: Rule = {
  id: 'rfcs/row-values',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: "A header row's value is one of those the process lists for it (`process.rowValues`) and no longer than its limit (`process.rowMaxLength`).",
  messages: {
    value: '{{row}} "{{value}}" is not one of {{values}}{{hint}}',
    tooLong: '{{row}} is {{length}} characters long; the process allows {{max}}',
  },
  examples: {
    valid: [{ name: 'a type and a category EIP-1 lists, a short title (the eip preset)', preset: 'eip', files: eip({ type: 'Standards Track', category: 'Core' }) }],
    invalid: [
      {
        name: 'a category EIP-1 does not list, with a "did you mean"',
        preset: 'eip',
        files: eip({ type: 'Standards Track', category: 'Networkin' }),
        errors: [{ messageId: 'value', line: 10, column: 11, data: { row: 'category', value: 'Networkin', values: 'Core, Networking, Interface, ERC', hint: '; did you mean "Networking"?' } }],
      },
      {
        name: 'a title over 44 characters',
        preset: 'eip',
        files: eip({ title: 'A title that goes on for rather more than forty-four characters' }),
        errors: [{ messageId: 'tooLong', line: 3, column: 8, data: { row: 'title', length: 63, max: 44 } }],
      },
    ],
  },
  async run(ctx) {
    const { rowValues: values, rowMaxLength: maxLength } = ctx.layout.process;
    for (const doc of await (await loadRfcSet(ctx.corpus)).all()) {
      ctx.visit();
      for (const [name, allowed] of Object.entries(values)) {
        const row = headerField(doc, name);
        if (!row || row.value === '' || allowed.includes(row.value)) continue; // a missing or empty row is rfcs/header-table's
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, row, row.value) }, messageId: 'value', data: { row: row.field, value: row.value, values: allowed.join(', '), hint: didYouMeanHint(row.value, allowed) } });
      }
      for (const [name, max] of Object.entries(maxLength)) {
        const row = headerField(doc, name);
        const length = row ? [...row.value].length : 0;
        if (!row || length <= max) continue;
        ctx.report({ at: { file: doc.file, range: rangeInCell(doc, row, row.value) }, messageId: 'tooLong', data: { row: row.field, length, max } });
      }
    }
  },
};
