import type { Rule } from '../../../core/engine/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText } from '../example-rfcs.js';

const FILE = 'EIPS/eip-9.md';
const eip = (body: string) => ({ [FILE]: eipText(eipFields('9'), body) });

/**
 * Each RFC the prose names in one of the process's citation forms (`process.citationForms`:
 * EIP-1's `EIP-N`, `ERC-N`) is a link the first time it is named, so a reader can follow it (EIP-1
 * §Linking to other EIPs). The RFC naming itself is no citation. Off unless a preset or config
 * turns it on; a process without citation forms has nothing to check.
 */
export const citationLinked: Rule = {
  id: 'rfcs/citation-linked',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  defaultSeverity: 'off',
  mayVisitNothing: true,
  description: "The first time an RFC's prose names another RFC in one of the process's citation forms (`process.citationForms`: EIP-1's `EIP-N`), the name is a link, or its paragraph links that RFC's file.",
  messages: {
    unlinked: '{{text}} is first named without a link; link its first mention (to {{file}})',
  },
  examples: {
    valid: [
      { name: 'the first mention linked, later ones not (the eip preset)', preset: 'eip', files: eip('## Abstract\n\nAs [EIP-7](./eip-7.md) says, and EIP-7 again.') },
      { name: 'an EIP naming itself, and a number in code', preset: 'eip', files: eip('## Abstract\n\nEIP-9 extends `EIP-7`.') },
      { name: 'a first mention accompanied by a link to its file in the same paragraph', preset: 'eip', files: eip('## Abstract\n\nSee EIP-7 for [its rules](./eip-7.md#rules).') },
    ],
    invalid: [
      {
        name: 'the first mention is plain text, a link only in a later paragraph',
        preset: 'eip',
        files: eip('## Abstract\n\nAs EIP-7 says.\n\nSee [EIP-7](./eip-7.md) again.'),
        errors: [{ messageId: 'unlinked', line: 14, column: 4, data: { text: 'EIP-7', file: './eip-7.md' } }],
      },
    ],
  },
  async run(ctx) {
    const { process } = ctx.layout;
    if (process.citationForms.length === 0) return;
    const set = await loadRfcSet(ctx.corpus);
    const fileOf = (n: string) => `./${process.fileName.replace(/\{number(?::(\d+))?\}/, (_, width?: string) => n.padStart(Number(width ?? 0), '0')).replace('{slug}', '…')}`;
    for (const doc of await set.all()) {
      ctx.visit();
      const own = (doc.fileNumber ?? headerField(doc, process.numberRow)?.value ?? '').replace(/^0+(?=\d)/, '');
      for (const m of doc.firstMentions ?? []) {
        if (m.linked || m.number === own) continue;
        ctx.report({ at: { file: doc.file, range: m.range }, messageId: 'unlinked', data: { text: m.text, file: fileOf(m.number) } });
      }
    }
  },
};
