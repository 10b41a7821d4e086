import { describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/core/findings.js';
import type { FileSource } from '../../scripts/core/source.js';
import type { Files } from './overlay.js';
import { OverlaySource } from './overlay.js';

/*
 * What is left of the old suite runner, for test/rules/wire.cases.ts alone (its conversion to the
 * one rule harness, scripts/core/rule-tester.ts, is another branch's): delete this file with it.
 * Every other rule test runs one rule through scripts/core/rule-tester.ts.
 */

export { positionOf } from './positions.js';

export interface ExpectedFinding {
  ruleId: string;
  file?: string;
  line?: number;
  column?: number;
  message?: string | RegExp;
  where?: (text: (file: string) => string) => Omit<ExpectedFinding, 'ruleId' | 'where'>;
}

export interface ValidCase {
  name: string;
  files?: Files;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
}

export interface RuleSuite {
  name: string;
  base: string | Record<string, string>;
  run(source: FileSource, c: ValidCase): Promise<Finding[]>;
  valid: ValidCase[];
  invalid: InvalidCase[];
}

/** Registers the suite's cases with vitest. */
export function runRuleTests(suite: RuleSuite): void {
  describe(suite.name, () => {
    for (const c of suite.valid) {
      it(`valid: ${c.name}`, async () => {
        expect((await suite.run(new OverlaySource(suite.base, c.files), c)).map(brief)).toEqual([]);
      });
    }
    for (const c of suite.invalid) {
      it(`invalid: ${c.name}`, async () => {
        const source = new OverlaySource(suite.base, c.files);
        const found = await suite.run(source, c);
        const expected = c.errors.map(({ where, ...e }) => ({ ...e, ...where?.((f) => source.text(f) ?? '') }));
        const ids = new Set(expected.map((e) => e.ruleId));
        const mine = found.filter((f) => ids.has(f.ruleId));
        expect(mine.map(brief)).toHaveLength(expected.length);
        mine.forEach((f, i) => {
          const { message, ...fields } = expected[i]!;
          expect(f).toMatchObject(fields);
          if (typeof message === 'string') expect(f.message).toContain(message);
          else if (message) expect(f.message).toMatch(message);
        });
      });
    }
  });
}

function brief(f: Finding): string {
  return `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.message}`;
}
