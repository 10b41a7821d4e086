import path from 'node:path';
import { fileNumberOf } from '../../../core/process.js';
import type { Rule } from '../../../core/rule.js';
import type { HeaderRow } from '../../../rfc/document.js';
import { headerField, namedRfcs } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rfcText } from '../example-rfcs.js';
import { rangeInCell } from '../where.js';

const FILE = 'RFCS/0009-new.md';
const withRow = (supersedes: string, body = '') => ({ [FILE]: rfcText('RFC 0009: New', [['RFC', '0009'], ['Supersedes', supersedes]], body), 'RFCS/0007-old.md': rfcText('RFC 0007: Old', [['RFC', '0007']]) });

/**
 * The RFCs an RFC cites by number are in the folder: each number a reference row lists (the
 * process's `referenceRows`: Supersedes, EIP-1's `requires`) and each relative link to a file of
 * the RFC folder (`./eip-2718.md`). Off unless a preset or config turns it on: upstream's RFCs
 * name RFCs of other repositories in these rows, and a sample folder holds only some RFCs.
 */
export const citedRfcExists: Rule = {
  id: 'rfcs/cited-rfc-exists',
  rfc: 'RFC 0001 §B',
  defaultSeverity: 'off',
  description: "Every RFC number a reference row lists (`process.referenceRows`: Supersedes, Superseded by, Amended by; EIP-1's requires) and every relative link into the RFC folder names an RFC file that exists.",
  messages: {
    row: '"{{row}}" names {{number}}, but no file in {{dir}}/ has that number',
    link: 'the link to {{url}} names {{number}}, but no file in {{dir}}/ has that number',
  },
  examples: {
    valid: [
      { name: 'a Supersedes row naming an RFC of the folder', files: withRow('RFC 0007') },
      { name: 'a link to an RFC of the folder, and one to another folder', files: withRow('—', 'See [RFC 0007](./0007-old.md) and [the map](../spec/map.json).') },
    ],
    invalid: [
      {
        name: 'a Supersedes row naming an RFC that is not there',
        files: withRow('RFC 0003'),
        errors: [{ messageId: 'row', line: 6, column: 20, data: { row: 'Supersedes', number: '0003', dir: 'RFCS' } }],
      },
      {
        name: 'a link to an RFC file that is not there',
        files: withRow('—', 'See [RFC 0004](./0004-gone.md).'),
        errors: [{ messageId: 'link', line: 8, column: 5, data: { url: './0004-gone.md', number: '0004', dir: 'RFCS' } }],
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
