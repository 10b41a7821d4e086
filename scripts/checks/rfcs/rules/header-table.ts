import { conditionHolds, conditionText, documentWords } from '../../../core/preset/process.js';
import type { Rule } from '../../../core/engine/rule.js';
import { headerField } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { eipFields, eipText, fullRows, rfcText } from '../example-rfcs.js';
import { titleRange } from '../where.js';

const FILE = 'RFCS/0007-sample.md';
const TITLE = 'RFC 0007: Sample';
const ROWS = 'RFC, Title, Status, Author(s), Created, Updated, Affects, Compatibility, Supersedes, Superseded by';
const sample = (over: Readonly<Record<string, string | null>> = {}, body = '## Summary\n\nText.') => ({ [FILE]: rfcText(TITLE, fullRows('0007', 'Sample', over), body) });

export const headerTable: Rule = {
  id: 'rfcs/header-table',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: "Each RFC opens with its header (a Field | Value table, or a YAML preamble when the process says `headerForm: preamble`) holding every required row once, in order, and each row the process requires for its status or type (`rowsRequiredWhen`); no row is lost to a `>` quote or to an unescaped `|` that changes its cell count.",
  messages: {
    quoted: 'header row "{{row}}" is inside a `>` quote, so the header table renders without it; remove the `>`',
    unrenderedPipe: "the header table does not render: its header row (line {{line}}) has {{headerCells}} cells and its delimiter row {{delimiterCells}}: the header row's `|` at {{at}} is unescaped (write `\\|`), or give the delimiter row {{headerCells}} cells",
    unrendered: 'the header table does not render: its header row (line {{line}}) has {{headerCells}} cells and its delimiter row {{delimiterCells}}; give both rows the same number of cells',
    noTable: 'no header table (Field | Value) between the title line and the first section',
    splitAt: 'header row "{{row}}" has {{cells}} cells where the table has {{width}}: the `|` at {{at}} is unescaped, so it splits the value, and the text after it is dropped when rendered (write `\\|`)',
    split: 'header row "{{row}}" has {{cells}} cells where the table has {{width}}: an unescaped `|` splits the value, and the text after it is dropped when rendered (write `\\|`)',
    columns: 'header table columns are "{{columns}}", expected "Field | Value"',
    unexpected: 'unexpected header row "{{row}}" (known rows: {{known}})',
    duplicate: 'header row "{{row}}" appears twice',
    order: 'header row "{{row}}" is out of order (expected {{expected}})',
    empty: 'header row "{{row}}" is empty; write "—" when it names nothing',
    missing: 'header table has no "{{row}}" row',
    missingWhen: 'header table has no "{{row}}" row, which {{aDocument}} has when {{condition}}',
    noPreamble: 'no preamble: the file does not open with YAML front matter (`---` … `---`)',
    preambleYaml: 'the preamble is not read: {{problem}}',
    unexpectedField: 'unexpected preamble field "{{row}}" (known fields: {{known}})',
    orderField: 'preamble field "{{row}}" is out of order (expected {{expected}})',
    emptyField: 'preamble field "{{row}}" is empty',
    missingField: 'preamble has no "{{row}}" field',
    missingFieldWhen: 'preamble has no "{{row}}" field, which is required when {{condition}}',
  },
  examples: {
    valid: [
      { name: 'every required row once, in order', files: sample() },
      { name: 'an optional row after them', files: { [FILE]: rfcText(TITLE, [...fullRows('0007', 'Sample'), ['Amended by', 'RFC 0009']]) } },
      { name: "an EIP-1 preamble (the eip preset): every required field, and category where EIP-1's rowOrder puts it", preset: 'eip', files: { 'EIPS/eip-9.md': eipText(eipFields('9', { type: 'Standards Track', category: 'Core', created: null }).concat([['created', '2026-03-01']])) } },
    ],
    invalid: [
      {
        name: 'a preamble without a required field (the eip preset)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { description: null })) },
        errors: [{ messageId: 'missingField', line: 1, column: 1, data: { row: 'description' } }],
      },
      {
        name: 'a Standards Track EIP without a category (required by type: rowsRequiredWhen)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { type: 'Standards Track' })) },
        errors: [{ messageId: 'missingFieldWhen', line: 1, column: 1, data: { row: 'category', condition: 'type is "Standards Track"' } }],
      },
      {
        name: 'a preamble field out of rowOrder (a warning)',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': eipText(eipFields('9', { status: null }).concat([['status', 'Draft']])) },
        errors: [{ messageId: 'orderField', line: 9, column: 1, data: { row: 'status', expected: 'eip, title, description, author, discussions-to, status, last-call-deadline, type, category, created, requires, withdrawal-reason' } }],
      },
      {
        name: 'no preamble',
        preset: 'eip',
        files: { 'EIPS/eip-9.md': '## Abstract\n\nText.\n' },
        errors: [{ messageId: 'noPreamble', line: 1, column: 1 }],
      },
      {
        name: 'a missing row is reported at the table',
        files: sample({ Compatibility: null }),
        errors: [{ messageId: 'missing', line: 3, column: 1, data: { row: 'Compatibility' } }],
      },
      {
        name: 'header rows pasted inside a > quote',
        files: { [FILE]: rfcText(TITLE, fullRows('0007', 'Sample', { Supersedes: null, 'Superseded by': null })) + '> | **Supersedes** | — |\n> | **Superseded by** | — |\n' },
        errors: [
          { messageId: 'quoted', line: 13, column: 1, data: { row: 'Supersedes' } },
          { messageId: 'quoted', line: 14, column: 1, data: { row: 'Superseded by' } },
        ],
      },
      {
        name: 'an unescaped | in a value splits the row',
        files: sample({ Compatibility: '`additive|breaking`' }),
        errors: [{ messageId: 'splitAt', line: 12, column: 32, data: { row: 'Compatibility', cells: 3, width: 2, at: '12:32' } }],
      },
      {
        name: 'a table that does not render: the header row has a cell more than the delimiter row',
        files: { [FILE]: `# ${TITLE}\n\n| Field | Value | Note |\n| --- | --- |\n| **RFC** | 0007 |\n` },
        errors: [{ messageId: 'unrenderedPipe', line: 3, column: 17, data: { line: 3, headerCells: 3, delimiterCells: 2, at: '3:17' } }],
      },
      {
        name: 'a table that does not render: the delimiter row has a cell more than the header row',
        files: { [FILE]: `# ${TITLE}\n\n| Field | Value |\n| --- | --- | --- |\n| **RFC** | 0007 |\n` },
        errors: [{ messageId: 'unrendered', line: 3, column: 1, data: { line: 3, headerCells: 2, delimiterCells: 3 } }],
      },
      {
        name: 'no header table',
        files: { [FILE]: `# ${TITLE}\n\n## Summary\n\nText.\n` },
        errors: [{ messageId: 'noTable', line: 1, column: 1 }],
      },
      {
        name: 'other columns than Field | Value',
        files: { [FILE]: rfcText(TITLE, fullRows('0007', 'Sample')).replace('| Field | Value |', '| Key | Value |') },
        errors: [{ messageId: 'columns', line: 3, column: 1, data: { columns: 'Key | Value' } }],
      },
      {
        name: 'an unknown row (a warning), a row twice, a row out of order (a warning) and an empty row',
        files: { [FILE]: rfcText(TITLE, [...fullRows('0007', 'Sample', { Created: '', Title: null }), ['Owner', 'A. Author'], ['Title', 'Sample'], ['Status', '`Draft`']]) },
        errors: [
          { messageId: 'empty', line: 8, column: 1, data: { row: 'Created' } },
          { messageId: 'unexpected', line: 14, column: 1, data: { row: 'Owner', known: `${ROWS}, Amended by` } },
          { messageId: 'order', line: 15, column: 1, data: { row: 'Title', expected: ROWS } },
          { messageId: 'duplicate', line: 16, column: 1, data: { row: 'Status' } },
        ],
      },
    ],
  },
  async run(ctx) {
    // The rows come from the process (a preset's or the config's `process.headerRows`).
    const { process } = ctx.layout;
    const REQUIRED_FIELDS = process.headerRows;
    const KNOWN = new Map<string, string>([...REQUIRED_FIELDS, ...process.optionalHeaderRows].map((f) => [f.toLowerCase(), f]));
    // The order the rows keep: every row's (`rowOrder`), else the required rows'.
    const ORDER = process.rowOrder.length > 0 ? process.rowOrder : REQUIRED_FIELDS;
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      ctx.visit();
      const { header } = doc;
      const preamble = process.headerForm === 'preamble';
      if (preamble) {
        if (!header.range) {
          ctx.report({ at: { file: doc.file, range: titleRange(doc) }, messageId: 'noPreamble' });
          continue;
        }
        for (const p of header.preambleProblems ?? []) ctx.report({ at: { file: doc.file, range: p.range }, messageId: 'preambleYaml', data: { problem: p.message } });
        if (header.preambleProblems?.length && header.rows.length === 0) continue;
      }
      const quoted = new Set<string>();
      for (const q of header.quotedRows ?? []) {
        const known = KNOWN.get(q.field.toLowerCase());
        if (!known) continue;
        quoted.add(known.toLowerCase());
        ctx.report({ at: { file: doc.file, range: q.range }, messageId: 'quoted', data: { row: known } });
      }
      if (!header.range && header.unrendered) {
        const u = header.unrendered;
        ctx.report({
          at: { file: doc.file, range: u.extraPipe ? { line: u.extraPipe.line, column: u.extraPipe.column, endLine: u.extraPipe.line, endColumn: u.extraPipe.column + 1 } : u.range },
          ...(u.extraPipe
            ? { messageId: 'unrenderedPipe', data: { line: u.range.line, headerCells: u.headerCells, delimiterCells: u.delimiterCells, at: `${u.extraPipe.line}:${u.extraPipe.column}` } }
            : { messageId: 'unrendered', data: { line: u.range.line, headerCells: u.headerCells, delimiterCells: u.delimiterCells } }),
        });
        continue;
      }
      if (!header.range) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, messageId: 'noTable' });
        continue;
      }
      const width = header.columns.length;
      for (const row of header.rows) {
        if (row.sourceCells === undefined || row.sourceCells === width) continue;
        const pipe = row.extraPipe;
        ctx.report({
          at: { file: doc.file, range: pipe ? { line: pipe.line, column: pipe.column, endLine: pipe.line, endColumn: pipe.column + 1 } : row.range },
          ...(pipe
            ? { messageId: 'splitAt', data: { row: row.field, cells: row.sourceCells, width, at: `${pipe.line}:${pipe.column}` } }
            : { messageId: 'split', data: { row: row.field, cells: row.sourceCells, width } }),
        });
      }
      if (!preamble && (header.columns.length !== 2 || header.columns[0]!.toLowerCase() !== 'field' || header.columns[1]!.toLowerCase() !== 'value')) {
        ctx.report({ at: { file: doc.file, range: header.range }, messageId: 'columns', data: { columns: header.columns.join(' | ') } });
      }
      const seen = new Set<string>();
      let lastRequired = -1;
      for (const row of header.rows) {
        const key = row.field.toLowerCase();
        const known = KNOWN.get(key);
        if (!known) {
          ctx.report({ at: { file: doc.file, range: row.range }, severity: 'warning', messageId: preamble ? 'unexpectedField' : 'unexpected', data: { row: row.field, known: [...KNOWN.values()].join(', ') } });
          continue;
        }
        if (seen.has(key)) {
          ctx.report({ at: { file: doc.file, range: row.range }, messageId: 'duplicate', data: { row: known } });
          continue;
        }
        seen.add(key);
        const order = ORDER.indexOf(known);
        if (order >= 0) {
          if (order < lastRequired) ctx.report({ at: { file: doc.file, range: row.range }, severity: 'warning', messageId: preamble ? 'orderField' : 'order', data: { row: known, expected: ORDER.join(', ') } });
          lastRequired = Math.max(lastRequired, order);
        }
        if (row.value === '' && (REQUIRED_FIELDS.includes(known) || preamble)) ctx.report({ at: { file: doc.file, range: row.range }, messageId: preamble ? 'emptyField' : 'empty', data: { row: known } });
      }
      for (const f of REQUIRED_FIELDS) {
        if (!seen.has(f.toLowerCase()) && !quoted.has(f.toLowerCase())) ctx.report({ at: { file: doc.file, range: header.range }, messageId: preamble ? 'missingField' : 'missing', data: { row: f } });
      }
      // Rows the process requires for some statuses or types (EIP-1's `category` of a Standards Track EIP).
      for (const [f, when] of Object.entries(process.rowsRequiredWhen)) {
        if (seen.has(f.toLowerCase()) || !conditionHolds(when, (row) => headerField(doc, row)?.value)) continue;
        ctx.report({ at: { file: doc.file, range: header.range }, ...(preamble ? { messageId: 'missingFieldWhen', data: { row: f, condition: conditionText(when) } } : { messageId: 'missingWhen', data: { row: f, condition: conditionText(when), aDocument: documentWords(process).aDocument } }) });
      }
    }
  },
};
