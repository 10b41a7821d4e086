import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES, apply, bytes, caseMeta, caseNames, caseRoot } from './helpers.js';

/** One folder per scenario, as mdast-zone tests: input.md → output.md, or a refusal that leaves input.md alone. */
describe('errata fixture cases', () => {
  const names = caseNames();
  it('has the scenarios the issue names', () => {
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  for (const name of names) {
    const meta = caseMeta(name);
    const expected = path.join(CASES, name, 'output.md');
    const input = path.join(CASES, name, 'input.md');

    if (existsSync(expected)) {
      it(`${name}: input.md becomes output.md byte for byte, and a second run changes nothing`, async () => {
        const { root, target } = caseRoot(name);
        const first = await apply(root);
        expect(first.findings.filter((f) => f.severity === 'error')).toEqual([]);
        if (meta.status) expect(first.outcomes.map((o) => o.status)).toEqual(meta.status);
        expect(bytes(path.join(root, target)).equals(bytes(expected))).toBe(true);

        const second = await apply(root);
        expect(second.changes).toEqual([]);
        expect(second.outcomes.map((o) => o.status)).toEqual(second.outcomes.map(() => 'already-applied'));
        expect(bytes(path.join(root, target)).equals(bytes(expected))).toBe(true);
        for (const f of meta.findings ?? []) {
          expect(first.findings).toContainEqual(expect.objectContaining({ ruleId: f.ruleId, line: f.line, message: expect.stringContaining(f.includes) }));
        }
      });
    } else {
      it(`${name}: refused, located at the erratum, and nothing is written`, async () => {
        const { root, target } = caseRoot(name);
        const run = await apply(root);
        expect(run.changes).toEqual([]);
        for (const f of meta.findings ?? []) {
          expect(run.findings).toContainEqual(
            expect.objectContaining({ ruleId: f.ruleId, severity: 'error', file: 'RFCS/0999-errata-case.md', line: f.line, message: expect.stringContaining(f.includes) }),
          );
        }
        expect(meta.findings?.length).toBeGreaterThan(0);
        expect(readFileSync(path.join(root, target)).equals(readFileSync(input))).toBe(true);
      });
    }
  }
});
