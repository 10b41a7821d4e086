import path from 'node:path';
import type { CorpusReader } from '../../../core/parse/corpus.js';
import type { Rule } from '../../../core/engine/rule.js';
import { globProblem } from '../../../core/io/source.js';
import { loadInvariantSet } from '../invariant-set.js';
import { entry, invariantsWith } from '../example-files.js';

const TEST = 'test/wire/oracle.test.ts';
/** A protocol-tier entry with these test globs, and the one test file of the corpus. */
const protocolWith = (...tests: string[]) => invariantsWith([entry('example', { tier: 'protocol', witness: 'witnessable-unaided', tests: tests.map((t) => `\n      - ${JSON.stringify(t)}`).join('') })], { [TEST]: 'export {};\n' });

/** `<repo>:<path>` names a file in a sibling repository: counted, never resolved here. */
export function isSiblingPointer(test: string): boolean {
  return /^[A-Za-z0-9][\w.-]*:(?!\/\/)\S/.test(test);
}

export const protocolTestsResolve: Rule = {
  id: 'invariants/protocol-tests-resolve',
  rfc: 'RFC 0001 §F',
  rfcByPreset: { openwop: 'SECURITY/invariants.yaml' },
  description: 'A protocol-tier invariant has at least one `tests` glob that matches a file in this repository (`<repo>:<path>` pointers are counted, not resolved).',
  messages: {
    outside: 'test glob "{{glob}}" of invariant "{{invariant}}" leaves the repository',
    refused: 'test glob of invariant "{{invariant}}" is refused: {{problem}}',
    noGlob: 'protocol-tier invariant "{{invariant}}" has no test glob for this repository{{siblings}}',
    unmatched: 'test glob "{{glob}}" of invariant "{{invariant}}" matches no file (another glob of the entry does)',
    noneMatch: 'test glob "{{glob}}" of protocol-tier invariant "{{invariant}}" matches no file, and no other glob of the entry does',
  },
  examples: {
    valid: [{ name: 'a glob that matches a test file, and a sibling-repository pointer', files: protocolWith('test/wire/*.test.ts', 'openwop-conformance:src/x.test.ts') }],
    invalid: [
      { name: 'the only glob matches nothing (an error)', files: protocolWith('test/nowhere/*.test.ts'), errors: [{ messageId: 'noneMatch', line: 8, column: 9, data: { glob: 'test/nowhere/*.test.ts', invariant: 'example' } }] },
      { name: 'one glob of several matches nothing (a warning)', files: protocolWith(TEST, 'test/nowhere/*.test.ts'), errors: [{ messageId: 'unmatched', line: 9, column: 9, data: { glob: 'test/nowhere/*.test.ts', invariant: 'example' } }] },
      { name: 'only a sibling-repository pointer (at the list)', files: protocolWith('openwop-conformance:src/x.test.ts'), errors: [{ messageId: 'noGlob', line: 8, column: 7, data: { invariant: 'example', siblings: ' (1 sibling-repository pointer is not resolved here)' } }] },
      { name: 'a glob that leaves the repository', files: protocolWith(TEST, '../elsewhere/*.test.ts'), errors: [{ messageId: 'outside', line: 9, column: 9, data: { glob: '../elsewhere/*.test.ts', invariant: 'example' } }] },
    ],
  },
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
          ctx.report({ at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` }, messageId: 'outside', data: { glob: t, invariant: name } });
        } else if (globProblem(t.replace(/^!/, ''))) {
          refused++;
          ctx.report({ at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` }, messageId: 'refused', data: { invariant: name, problem: globProblem(t.replace(/^!/, ''))! } });
        } else if (matches.get(t)) hits++;
        else misses.push(j);
      });
      if (hits === 0 && misses.length === 0 && refused === 0) {
        ctx.report({
          at: { doc: set.doc, pointer: `${e.pointer}/tests` },
          messageId: 'noGlob',
          data: { invariant: name, siblings: siblings ? ` (${siblings} sibling-repository pointer${siblings > 1 ? 's are' : ' is'} not resolved here)` : '' },
        });
      }
      for (const j of misses) {
        ctx.report({
          at: { doc: set.doc, pointer: `${e.pointer}/tests/${j}` },
          severity: hits ? 'warning' : 'error',
          messageId: hits ? 'unmatched' : 'noneMatch',
          data: { glob: tests[j]!, invariant: name },
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
