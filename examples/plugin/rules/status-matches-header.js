import { readRfcs, rfcNumber, rfcStatus } from 'specgate/rules';
import { index, rfc } from './example-files.js';

/** @type {import('specgate/rules').Rule} */
export const statusMatchesHeader = {
  id: 'rfc-index/status-matches-header',
  rfc: 'RFC 0001 §A',
  description: "Each row of the status table in the RFC folder's README.md gives the status the RFC's own header gives; --fix copies the header's.",
  docs: 'https://example.org/specgate-plugin-example#rfc-index-status-matches-header',
  fixable: true,
  // A repository without an index table has nothing to look at.
  mayVisitNothing: true,
  // Tests and docs name the id; the wording is free to change.
  messages: {
    differs: 'the index says RFC {{number}} is "{{listed}}", but its header says "{{status}}"',
    unknown: 'the index lists RFC {{number}}, which has no file in {{rfcsDir}}/',
  },
  // Run by testRule (test/plugin.test.js) and shown by list-rules --format markdown; `output` is the index after --fix.
  examples: {
    valid: [
      {
        name: 'every row gives the status of its RFC\'s header',
        files: { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'RFCS/0002-second.md': rfc('0002', 'Draft'), 'RFCS/README.md': index([['0001', 'Accepted'], ['0002', 'Draft']]) },
      },
    ],
    invalid: [
      {
        name: "a row whose status is not the header's (fixed to the header's)",
        files: { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'RFCS/0002-second.md': rfc('0002', 'Draft'), 'RFCS/README.md': index([['0001', 'Accepted'], ['0002', 'Active']]) },
        errors: [{ messageId: 'differs', file: 'RFCS/README.md', line: 6, column: 10, data: { number: '0002', listed: 'Active', status: 'Draft' } }],
        output: { 'RFCS/README.md': index([['0001', 'Accepted'], ['0002', 'Draft']]) },
      },
      {
        name: 'a row naming an RFC that has no file (nothing to copy, so no fix)',
        files: { 'RFCS/0001-first.md': rfc('0001', 'Accepted'), 'RFCS/README.md': index([['0001', 'Accepted'], ['0009', 'Draft']]) },
        errors: [{ messageId: 'unknown', file: 'RFCS/README.md', line: 6, column: 10, data: { number: '0009', rfcsDir: 'RFCS' } }],
      },
    ],
  },
  async run(ctx) {
    const readme = `${ctx.layout.rfcsDir}/README.md`;
    if (!ctx.corpus.exists(readme)) return;
    const md = await ctx.corpus.markdown(readme);
    if (!md) return;
    const byNumber = new Map((await readRfcs(ctx)).map((doc) => [rfcNumber(doc), doc]));
    for (const table of nodesOf(md.tree, 'table')) {
      const [head, ...rows] = table.children;
      const titles = head.children.map((cell) => textOf(cell).trim().toLowerCase());
      const rfcColumn = titles.findIndex((t) => t === 'rfc' || t === 'number');
      const statusColumn = titles.indexOf('status');
      if (rfcColumn < 0 || statusColumn < 0) continue;
      for (const row of rows) {
        const number = /\b(\d{4})\b/.exec(textOf(row.children[rfcColumn] ?? { children: [] }))?.[1];
        const cell = row.children[statusColumn];
        if (number === undefined || cell === undefined) continue;
        ctx.visit();
        const listed = textOf(cell).trim();
        const start = cell.children[0]?.position.start.offset ?? cell.position.start.offset;
        const end = cell.children.at(-1)?.position.end.offset ?? start;
        const at = { file: readme, range: md.lines.range(start, end) };
        const doc = byNumber.get(number);
        if (doc === undefined) {
          ctx.report({ at, messageId: 'unknown', data: { number, rfcsDir: ctx.layout.rfcsDir } });
          continue;
        }
        const status = rfcStatus(doc);
        // An RFC without a Status row is the built-in rfcs/header-table rule's finding.
        if (status === undefined || status.value === listed) continue;
        ctx.report({
          at,
          messageId: 'differs',
          data: { number, listed, status: status.value },
          related: [{ file: doc.file, ...status.range, message: `RFC ${number}'s Status row` }],
          ...(cell.children.length ? { fix: { edits: [{ file: readme, start, end, text: status.value }] } } : {}),
        });
      }
    }
  },
};

/** Every node of a type in a Markdown tree (mdast), in document order. */
function* nodesOf(node, type) {
  if (node.type === type) yield node;
  for (const child of node.children ?? []) yield* nodesOf(child, type);
}

/** A cell's text, markup dropped. */
function textOf(node) {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}
