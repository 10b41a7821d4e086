import type { Rule } from '../../../core/engine/rule.js';

/**
 * upstream's pre-commit hook re-runs its status generator when an RFC is staged and refuses the
 * commit if the status document changed. Here that is a rule: the committed document must be what
 * `specgate report` renders now for the sections the config names, and its fix writes that text
 * (through the one fixer and writer: `specgate check --fix`). Off unless the config names a
 * document (`layout.statusDocument`).
 */
export const statusDocumentCurrent: Rule = {
  id: 'rfcs/status-document-current',
  rfc: 'RFC 0001 §C',
  rfcByPreset: { openwop: 'RFC 0001 §3 (statuses), upstream scripts/hooks/pre-commit' },
  description: 'The status document the config names (`layout.statusDocument`) is what `specgate report` renders now for its sections (corpus counts, RFCs per status, the RFC list, …); `specgate check --fix` regenerates it.',
  fixable: true,
  mayVisitNothing: true,
  messages: {
    stale: '{{file}} is not what the report renders now (line {{line}}: {{what}}); regenerate it with "specgate check --fix" (or "specgate check rfcs --fix") and stage it',
    missing: '{{file}} does not exist; the config names it as the status document: create it (an empty file) and run "specgate check --fix"',
  },
  async run(ctx) {
    const config = ctx.layout.statusDocument;
    if (!config) return;
    ctx.visit();
    const [{ buildReport }, { renderStatusDocument }] = await Promise.all([import('../../../report/build.js'), import('../../../report/status-document.js')]);
    const want = renderStatusDocument(await buildReport(ctx.corpus), config);
    const have = ctx.corpus.exists(config.file) ? ctx.corpus.text(config.file, 'rfcs/status-document-current') : undefined;
    if (have === undefined) {
      if (!ctx.corpus.exists(config.file)) ctx.report({ at: { file: config.file }, messageId: 'missing', data: { file: config.file } });
      return;
    }
    if (have === want) return;
    const a = have.split('\n');
    const b = want.split('\n');
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    const what = i >= a.length ? 'the document ends early' : i >= b.length ? 'lines past the end' : `"${clip(a[i]!)}" should read "${clip(b[i]!)}"`;
    ctx.report({
      at: { file: config.file, range: { line: i + 1, column: 1, endLine: i + 1, endColumn: (a[i]?.length ?? 0) + 1 } },
      messageId: 'stale',
      data: { file: config.file, line: i + 1, what },
      fix: { edits: [{ file: config.file, start: 0, end: have.length, text: want }] },
    });
  },
};

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
