import type { Rule } from '../../../core/rule.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { titleRange } from '../where.js';

export const headerTable: Rule = {
  id: 'rfcs/header-table',
  rfc: 'RFC 0001 §B',
  rfcByPreset: { openwop: 'RFC 0001 §6, template' },
  description: 'Each RFC opens with a Field | Value table holding every required row once, in order; no row is lost to a `>` quote or to an unescaped `|` that changes its cell count.',
  async run(ctx) {
    // The rows come from the process (a preset's or the config's `process.headerRows`).
    const REQUIRED_FIELDS = ctx.layout.process.headerRows;
    const KNOWN = new Map<string, string>([...REQUIRED_FIELDS, ...ctx.layout.process.optionalHeaderRows].map((f) => [f.toLowerCase(), f]));
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      ctx.visit();
      const { header } = doc;
      const quoted = new Set<string>();
      for (const q of header.quotedRows ?? []) {
        const known = KNOWN.get(q.field.toLowerCase());
        if (!known) continue;
        quoted.add(known.toLowerCase());
        ctx.report({ at: { file: doc.file, range: q.range }, message: `header row "${known}" is inside a \`>\` quote, so the header table renders without it; remove the \`>\`` });
      }
      if (!header.range && header.unrendered) {
        const u = header.unrendered;
        const pipe = u.extraPipe ? `: the header row's \`|\` at ${u.extraPipe.line}:${u.extraPipe.column} is unescaped (write \`\\|\`), or give the delimiter row ${u.headerCells} cells` : `; give both rows the same number of cells`;
        ctx.report({
          at: { file: doc.file, range: u.extraPipe ? { line: u.extraPipe.line, column: u.extraPipe.column, endLine: u.extraPipe.line, endColumn: u.extraPipe.column + 1 } : u.range },
          message: `the header table does not render: its header row (line ${u.range.line}) has ${u.headerCells} cells and its delimiter row ${u.delimiterCells}${pipe}`,
        });
        continue;
      }
      if (!header.range) {
        ctx.report({ at: { file: doc.file, range: titleRange(doc) }, message: 'no header table (Field | Value) between the title line and the first section' });
        continue;
      }
      const width = header.columns.length;
      for (const row of header.rows) {
        if (row.sourceCells === undefined || row.sourceCells === width) continue;
        const pipe = row.extraPipe;
        ctx.report({
          at: { file: doc.file, range: pipe ? { line: pipe.line, column: pipe.column, endLine: pipe.line, endColumn: pipe.column + 1 } : row.range },
          message: `header row "${row.field}" has ${row.sourceCells} cells where the table has ${width}: ${pipe ? `the \`|\` at ${pipe.line}:${pipe.column} is unescaped, so it` : 'an unescaped `|`'} splits the value, and the text after it is dropped when rendered (write \`\\|\`)`,
        });
      }
      if (header.columns.length !== 2 || header.columns[0]!.toLowerCase() !== 'field' || header.columns[1]!.toLowerCase() !== 'value') {
        ctx.report({ at: { file: doc.file, range: header.range }, message: `header table columns are "${header.columns.join(' | ')}", expected "Field | Value"` });
      }
      const seen = new Set<string>();
      let lastRequired = -1;
      for (const row of header.rows) {
        const key = row.field.toLowerCase();
        const known = KNOWN.get(key);
        if (!known) {
          ctx.report({ at: { file: doc.file, range: row.range }, severity: 'warning', message: `unexpected header row "${row.field}" (known rows: ${[...KNOWN.values()].join(', ')})` });
          continue;
        }
        if (seen.has(key)) {
          ctx.report({ at: { file: doc.file, range: row.range }, message: `header row "${known}" appears twice` });
          continue;
        }
        seen.add(key);
        const order = REQUIRED_FIELDS.indexOf(known);
        if (order >= 0) {
          if (order < lastRequired) ctx.report({ at: { file: doc.file, range: row.range }, severity: 'warning', message: `header row "${known}" is out of order (expected ${REQUIRED_FIELDS.join(', ')})` });
          lastRequired = Math.max(lastRequired, order);
          if (row.value === '') ctx.report({ at: { file: doc.file, range: row.range }, message: `header row "${known}" is empty; write "—" when it names nothing` });
        }
      }
      for (const f of REQUIRED_FIELDS) {
        if (!seen.has(f.toLowerCase()) && !quoted.has(f.toLowerCase())) ctx.report({ at: { file: doc.file, range: header.range }, message: `header table has no "${f}" row` });
      }
    }
  },
};
