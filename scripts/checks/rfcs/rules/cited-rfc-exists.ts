import path from 'node:path';
import { fileNumberOf } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import type { HeaderRow } from '../../../rfc/document.js';
import { headerField, namedRfcs } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText } from '../example-rfcs.js';
import { rangeInCell } from '../where.js';

const FILE = 'EIPS/eip-9.md';
/** EIP-9 (requiring `requires`, linking as `body` says) beside EIP-7. */
const eips = (requires: string | null, body = '## Abstract\n\nText.') => ({ [FILE]: eipText(eipFields('9', { requires }), body), 'EIPS/eip-7.md': eipText(eipFields('7')) });

/**
 * The RFCs an RFC cites by number are in the folder: each number a reference row lists (the
 * process's `referenceRows`: Supersedes, EIP-1's `requires`) and each relative link to a file of
 * the RFC folder (`./eip-2718.md`). Off unless a preset or config turns it on: upstream's RFCs
 * name RFCs of other repositories in these rows, and a sample folder holds only some RFCs.
 */
export const citedRfcExists: Rule = {
  id: 'rfcs/cited-rfc-exists',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  defaultSeverity: 'off',
  description: "Every RFC number a reference row lists (`process.referenceRows`: Supersedes, Superseded by, Amended by; EIP-1's requires) and every relative link into the RFC folder names an RFC file that exists.",
  messages: {
    row: '"{{row}}" names {{number}}, but no file in {{dir}}/ has that number',
    link: 'the link to {{url}} names {{number}}, but no file in {{dir}}/ has that number',
  },
  examples: {
    valid: [
      { name: 'a requires row naming an EIP of the folder (the eip preset)', preset: 'eip', files: eips('7') },
      { name: 'a link to an EIP of the folder, and one to another folder', preset: 'eip', files: eips(null, '## Abstract\n\nAs [EIP-7](./eip-7.md) and [its asset](../assets/eip-7/a.png) say.') },
    ],
    invalid: [
      {
        name: 'a requires row naming an EIP that is not there',
        preset: 'eip',
        files: eips('7, 12'),
        errors: [{ messageId: 'row', line: 10, column: 14, data: { row: 'requires', number: '12', dir: 'EIPS' } }],
      },
      {
        name: 'a link to an EIP file that is not there',
        preset: 'eip',
        files: eips(null, '## Abstract\n\nAs [EIP-4](./eip-4.md) says.'),
        errors: [{ messageId: 'link', line: 14, column: 4, data: { url: './eip-4.md', number: '4', dir: 'EIPS' } }],
      },
    ],
  },
  async run(ctx) {
    const { process } = ctx.layout;
    const set = await loadRfcSet(ctx.corpus);
    for (const doc of await set.all()) {
      ctx.visit();
      for (const name of process.referenceRows) {
        const row = headerField(doc, name);
        if (!row) continue;
        for (const number of listedNumbers(row)) {
          if (set.byNumber.has(number)) continue;
          ctx.report({ at: { file: doc.file, range: rangeInCell(doc, row, number) }, messageId: 'row', data: { row: row.field, number, dir: set.dir } });
        }
      }
      for (const link of doc.links) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc.file), decoded(link.url.replace(/[#?].*$/, ''))));
        if (path.posix.dirname(target) !== set.dir) continue;
        const number = fileNumberOf(path.posix.basename(target), process.fileName);
        if (number === undefined || ctx.corpus.exists(target)) continue;
        ctx.report({ at: { file: doc.file, range: link.range }, messageId: 'link', data: { url: link.url, number, dir: set.dir } });
      }
    }
  },
};

/** A link's path with its %-escapes decoded (as written when one is malformed). */
function decoded(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** The RFC numbers a row lists: `RFC NNNN` mentions, else a comma-separated list of bare numbers (`2718, 2930`). */
function listedNumbers(row: HeaderRow): string[] {
  const named = namedRfcs(row.value);
  if (named.length > 0) return named;
  const items = row.value.split(/\s*,\s*/).filter((x) => x !== '');
  return items.length > 0 && items.every((x) => /^\d+$/.test(x)) ? items : [];
}
