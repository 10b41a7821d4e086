import path from 'node:path';
import type { CorpusReader } from '../../../core/corpus.js';
import type { Rule } from '../../../core/rule.js';
import { globProblem } from '../../../core/source.js';
import { loadInvariantSet } from '../invariant-set.js';

/** `<repo>:<path>` names a file in a sibling repository: counted, never resolved here. */
export function isSiblingPointer(test: string): boolean {
  return /^[A-Za-z0-9][\w.-]*:(?!\/\/)\S/.test(test);
}

export const protocolTestsResolve: Rule = {
  id: 'invariants/protocol-tests-resolve',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: 'A protocol-tier invariant has at least one `tests` glob that matches a file in this repository (`<repo>:<path>` pointers are counted, not resolved).',
  async run(ctx) {
    const set = loadInvariantSet(ctx.corpus);
    if (!set) return;
    const protocol = set.entries.filter((e) => e.value.tier === 'protocol');
    const globs = new Set<string>();
    for (const e of protocol) for (const t of testsOf(e.value)) if (!isSiblingPointer(t) && isInside(t) && !globProblem(t.replace(/^!/, ''))) globs.add(t);
    const matches = await countMatches(ctx.corpus, [...globs]);
    for (const e of protocol) {
      ctx.visit();
      const name = e.id ?? `#${e.index}`;
      const tests = testsOf(e.value);
      const misses: number[] = [];
      let hits = 0;
      let siblings = 0;
      let refused = 0;
      tests.forEach((t, j) => {
        if (isSiblingPointer(t)) siblings++;
        else if (!isInside(t)) {
          ctx.report({ at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` }, message: `test glob "${t}" of invariant "${name}" leaves the repository` });
        } else if (globProblem(t.replace(/^!/, ''))) {
          refused++;
          ctx.report({ at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` }, message: `test glob of invariant "${name}" is refused: ${globProblem(t.replace(/^!/, ''))}` });
        } else if (matches.get(t)) hits++;
        else misses.push(j);
      });
      if (hits === 0 && misses.length === 0 && refused === 0) {
        ctx.report({
          at: { doc: set.doc, pointer: `${e.pointer}/tests` },
          message: `protocol-tier invariant "${name}" has no test glob for this repository${siblings ? ` (${siblings} sibling-repository pointer${siblings > 1 ? 's are' : ' is'} not resolved here)` : ''}`,
        });
      }
      for (const j of misses) {
        ctx.report({
          at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` },
          severity: hits ? 'warning' : 'error',
          message: hits
            ? `test glob "${tests[j]}" of invariant "${name}" matches no file (another glob of the entry does)`
            : `test glob "${tests[j]}" of protocol-tier invariant "${name}" matches no file, and no other glob of the entry does`,
        });
      }
    }
  },
};

/** Files each glob matches (the working tree is walked from the folders a glob starts with). */
async function countMatches(corpus: CorpusReader, globs: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const g of globs) counts.set(g, (await corpus.glob([g])).length);
  return counts;
}

function testsOf(v: Record<string, unknown>): string[] {
  return Array.isArray(v.tests) ? v.tests.map((t) => (typeof t === 'string' ? t : '')) : [];
}

function isInside(glob: string): boolean {
  const g = glob.replace(/^!/, '');
  return g !== '' && !path.posix.isAbsolute(g) && !/^[A-Za-z]:[\\/]/.test(g) && !path.posix.normalize(g).startsWith('..');
}
