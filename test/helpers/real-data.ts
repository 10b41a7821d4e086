import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globbySync } from 'globby';
import { expect, it } from 'vitest';
import type { Rule } from '../../scripts/core/engine/rule.js';
import type { ExampleRun, FamilyRun } from '../../scripts/core/engine/rule-tester.js';
import { CHECK_RUN, invalidMismatches, validMismatches } from '../../scripts/core/engine/rule-tester.js';
import { describeShared } from './shared.js';

/*
 * Rule cases on real data (../shared/anchors, read in place), through the one rule harness
 * (scripts/core/engine/rule-tester.ts): a case's files are read into memory when it runs (a clone
 * without ../shared reads nothing), its edit applied there, and ONE rule runs over them
 * (runRuleOn). Nothing is copied into the project, nothing is written. The comparison is the
 * harness's (rule id, messageId, file, line, column); a case whose point is the wording also
 * matches the message.
 */

/** Every file under `dir`, keyed by its path relative to `dir` ('/'-separated). */
export function readTree(dir: string): Record<string, string> {
  return Object.fromEntries(globbySync('**/*', { cwd: dir, dot: true, onlyFiles: true, followSymbolicLinks: false }).map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]));
}

export interface RealExpected {
  messageId: string;
  file?: string;
  line?: number;
  column?: number;
  severity?: 'error' | 'warning';
  /** Only where the case's point is the wording: a substring of the message, or a pattern it matches. */
  message?: string | RegExp;
  /** Fields computed from the case's files as the rule saw them (positions that depend on the edit). */
  where?: (text: (file: string) => string) => { line?: number; column?: number };
}

export interface RealValidCase {
  name: string;
  /** The case's corpus, built (read, then edited) when the case runs. */
  files: () => Record<string, string>;
}

export interface RealInvalidCase extends RealValidCase {
  /** Exactly the rule's findings, in file/line/column order. */
  errors: RealExpected[];
  /** For a fixable rule: the texts one pass of its fixes gives (read when the case runs). */
  output?: () => Record<string, string>;
  /** Read problems the sabotage itself brings (a file it names that is not there), by rule id and file. */
  problems?: ReadonlyArray<{ ruleId: string; file: string }>;
}

/** Registers a rule's real-data cases: each runs the rule alone over its files under `preset`. */
export function realDataTests(name: string, rule: Rule, preset: string, cases: { valid: RealValidCase[]; invalid: RealInvalidCase[] }): void {
  describeShared(name, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, async () => {
        expect(await validMismatches(rule, { name: c.name, files: c.files(), preset })).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, async () => {
        const files = c.files();
        const text = (file: string) => files[file] ?? expect.fail(`the case has no ${file}`);
        const expected = c.errors.map(({ where, ...e }) => ({ ...e, ...where?.(text) }));
        let run: ExampleRun | undefined;
        const wrong: string[] = [];
        const driver: FamilyRun = {
          command: 'check',
          async run(r, files, opts) {
            const got = await CHECK_RUN.run(r, files, opts);
            run = got;
            // The problems the case names are compared here; any other still fails the harness's comparison.
            const named = (f: { ruleId: string; file: string }) => c.problems?.some((p) => p.ruleId === f.ruleId && p.file === f.file) ?? false;
            const seen = got.problems.filter(named).map((f) => `${f.ruleId} ${f.file}`);
            const want = (c.problems ?? []).map((p) => `${p.ruleId} ${p.file}`);
            if (seen.join('\n') !== want.join('\n')) wrong.push(`read problems ${JSON.stringify(seen)}, expected ${JSON.stringify(want)}`);
            return { ...got, problems: got.problems.filter((f) => !named(f)) };
          },
        };
        const errors = expected.map(({ messageId, file, line, column }) => ({ messageId, file, line, column }));
        wrong.push(...(await invalidMismatches(rule, { name: c.name, files, preset, errors, ...(c.output ? { output: c.output() } : {}) }, driver)));
        expected.forEach((e, i) => {
          const f = run?.findings[i];
          if (!f) return;
          if (e.severity && f.severity !== e.severity) wrong.push(`finding ${i + 1}: severity ${f.severity}, expected ${e.severity}`);
          const matches = typeof e.message === 'string' ? f.message.includes(e.message) : e.message?.test(f.message) ?? true;
          if (!matches) wrong.push(`finding ${i + 1}: message "${f.message}" does not match ${String(e.message)}`);
        });
        expect(wrong).toEqual([]);
      });
    }
  });
}
