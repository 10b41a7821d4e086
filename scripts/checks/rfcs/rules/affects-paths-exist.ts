import path from 'node:path';
import type { Rule } from '../../../core/rule.js';
import { withoutTrailingSlashes } from '../../../core/source.js';
import { headerField, rfcStatus } from '../../../rfc/document.js';
import { loadRfcSet } from '../../../rfc/set.js';

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
  async run(ctx) {
    const docs = await (await loadRfcSet(ctx.corpus)).all();
    for (const doc of docs) {
      const row = headerField(doc, 'Affects');
      if (!row) continue; // rfcs/header-table reports the missing row
      ctx.visit();
      const accepted = rfcStatus(doc)?.value === ctx.layout.process.statuses.accepted;
      for (const code of row.codes) {
        const kind = classifyAffects(code.value);
        if (kind.kind === 'not-a-path') continue;
        if (kind.kind === 'unresolvable') {
          ctx.report({ at: { file: doc.file, range: code.range }, severity: 'warning', message: `Affects path "${code.value}" cannot be resolved here: ${kind.why}` });
          continue;
        }
        const rel = withoutTrailingSlashes(kind.path);
        if (rel === '' || path.posix.normalize(rel).startsWith('..')) {
          ctx.report({ at: { file: doc.file, range: code.range }, message: `Affects path "${code.value}" is outside the repository` });
          continue;
        }
        if (ctx.corpus.exists(rel)) continue;
        ctx.report({
          at: { file: doc.file, range: code.range },
          severity: accepted ? 'error' : 'warning',
          message: `Affects path "${code.value}" does not exist${rel.includes('/') ? '' : ' at the repository root'}${accepted ? ' and the RFC is Accepted' : ' (allowed until the RFC is Accepted)'}`,
        });
      }
    }
  },
};
