import { documentWords } from '../../../core/preset/process.js';
import path from 'node:path';
import type { Rule } from '../../../core/engine/rule.js';
import { withoutTrailingSlashes } from '../../../core/io/source.js';
import { headerField, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';
import { rfcText } from '../example-rfcs.js';

const FILE = 'RFCS/0007-sample.md';
const affecting = (status: string, affects: string, extra: Readonly<Record<string, string>> = {}) => ({
  [FILE]: rfcText('RFC 0007: Sample', [['RFC', '0007'], ['Status', status], ['Affects', affects]]),
  ...extra,
});

export type AffectsToken =
  | { kind: 'path'; path: string }
  | { kind: 'unresolvable'; why: string }
  | { kind: 'not-a-path' };

/**
 * What a backticked token of an Affects row is: a repository path to look up, a path the gate
 * cannot resolve (elided with `…`, a glob, a sibling repository's `<repo>:<path>`), or a word
 * that is not a path at all (`errorRow`, an invariant id).
 */
function classifyAffects(token: string): AffectsToken {
  const t = token.trim();
  if (t === '' || /\s/.test(t) || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return { kind: 'not-a-path' };
  const sibling = /^([A-Za-z0-9][\w.-]*):(.+)$/.exec(t);
  if (sibling) {
    return looksLikePath(sibling[2]!) ? { kind: 'unresolvable', why: `it names a file in the sibling repository "${sibling[1]}"` } : { kind: 'not-a-path' };
  }
  if (!looksLikePath(t)) return { kind: 'not-a-path' };
  if (/…|\.\.\.(?!\/)/.test(t)) return { kind: 'unresolvable', why: 'it is elided with "…"' };
  if (/[*?[\]{}]/.test(t)) return { kind: 'unresolvable', why: 'it is a glob' };
  return { kind: 'path', path: t.replace(/^\.?\//, '') };
}

function looksLikePath(s: string): boolean {
  return s.includes('/') || /\.[A-Za-z0-9]{1,5}$/.test(s) || s.includes('…');
}

export const affectsPathsExist: Rule = {
  id: 'rfcs/affects-paths-exist',
  rfc: 'RFC 0001 §B',
  // Upstream's template describes Affects in words (`<spec docs / schemas / SDKs … touched>`).
  rfcProcess: 'specgate',
  description: 'Every backticked repository path in Affects exists (required once Accepted); elided, glob and sibling-repository paths are reported as unresolvable.',
  messages: {
    unresolvable: 'Affects path "{{path}}" cannot be resolved here: {{why}}',
    outside: 'Affects path "{{path}}" is outside the repository',
    missingAccepted: 'Affects path "{{path}}" does not exist{{where}} and the {{document}} is {{accepted}}',
    missingBefore: 'Affects path "{{path}}" does not exist{{where}} (allowed until the {{document}} is {{accepted}})',
  },
  examples: {
    valid: [
      { name: 'a path that exists, and words that are not paths', files: affecting('`Accepted`', '`spec/a.md` · the `errorRow` table', { 'spec/a.md': '# A\n' }) },
    ],
    invalid: [
      {
        name: 'a path that does not exist on an Accepted RFC (an error)',
        files: affecting('`Accepted`', '`spec/nowhere.md`'),
        errors: [{ messageId: 'missingAccepted', line: 7, column: 17, data: { path: 'spec/nowhere.md', where: '', accepted: 'Accepted', document: 'RFC' } }],
      },
      {
        name: 'a file at the root that does not exist on a Draft (a warning)',
        files: affecting('`Draft`', '`NOTES.md`'),
        errors: [{ messageId: 'missingBefore', line: 7, column: 17, data: { path: 'NOTES.md', where: ' at the repository root', accepted: 'Accepted', document: 'RFC' } }],
      },
      {
        name: 'an elided, a glob and a sibling-repository path (warnings)',
        files: affecting('`Accepted`', '`spec/…/x.json` · `spec/**/*.md` · `sdk:src/errors.ts`'),
        errors: [
          { messageId: 'unresolvable', line: 7, column: 17, data: { path: 'spec/…/x.json', why: 'it is elided with "…"' } },
          { messageId: 'unresolvable', line: 7, column: 35, data: { path: 'spec/**/*.md', why: 'it is a glob' } },
          { messageId: 'unresolvable', line: 7, column: 52, data: { path: 'sdk:src/errors.ts', why: 'it names a file in the sibling repository "sdk"' } },
        ],
      },
      {
        name: 'a path outside the repository',
        files: affecting('`Accepted`', '`../other/a.md`'),
        errors: [{ messageId: 'outside', line: 7, column: 17, data: { path: '../other/a.md' } }],
      },
    ],
  },
  async run(ctx) {
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      const row = headerField(doc, 'Affects');
      if (!row) continue; // rfcs/header-table reports the missing row
      ctx.visit();
      const acceptedName = ctx.layout.process.statuses.accepted;
      const accepted = acceptedName !== undefined && rfcStatus(doc)?.value === acceptedName;
      for (const code of row.codes) {
        const kind = classifyAffects(code.value);
        if (kind.kind === 'not-a-path') continue;
        if (kind.kind === 'unresolvable') {
          ctx.report({ at: { file: doc.file, range: code.range }, severity: 'warning', messageId: 'unresolvable', data: { path: code.value, why: kind.why } });
          continue;
        }
        const rel = withoutTrailingSlashes(kind.path);
        if (rel === '' || path.posix.normalize(rel).startsWith('..')) {
          ctx.report({ at: { file: doc.file, range: code.range }, messageId: 'outside', data: { path: code.value } });
          continue;
        }
        if (ctx.corpus.exists(rel)) continue;
        ctx.report({
          at: { file: doc.file, range: code.range },
          severity: accepted ? 'error' : 'warning',
          messageId: accepted ? 'missingAccepted' : 'missingBefore',
          data: { path: code.value, where: rel.includes('/') ? '' : ' at the repository root', accepted: acceptedName ?? '', document: documentWords(ctx.layout.process).document },
        });
      }
    }
  },
};
