import { describe, expect, it } from 'vitest';
import { loadFamilies } from '../../scripts/checks/registry.js';
import { Corpus } from '../../scripts/core/corpus.js';
import { runFamilies } from '../../scripts/core/engine.js';
import type { ConfiguredSeverity, Finding } from '../../scripts/core/findings.js';
import { presetLayout } from '../../scripts/core/layout.js';
import type { FileSource } from '../../scripts/core/source.js';
import { OverlaySource as MemoryOverlay } from '../../scripts/core/overlay-source.js';
import { FsSource } from '../../scripts/core/source.js';
import { describeShared } from './shared.js';

/*
 * ESLint's RuleTester in spirit: per rule, `valid` cases that must report nothing and `invalid`
 * cases that list the findings they must produce (rule id, location, message), run in-process
 * over a corpus held in memory or laid over a real folder read in place — no copy, no process.
 */

/** A file of a case: its text, `null` to delete it, or an edit of the base file's text. */
export type FileEdit = string | null | ((text: string) => string);
export type Files = Record<string, FileEdit>;

export interface ExpectedFinding {
  ruleId: string;
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  pointer?: string;
  severity?: 'error' | 'warning';
  /** The section the finding names (its `rfc`, which json and sarif print). */
  rfc?: string;
  /** The id of the rule's message template (`meta.messages`): assert it rather than the wording. */
  messageId?: string;
  /** A substring of the message, or a pattern it matches. */
  message?: string | RegExp;
  /** Fields computed from the case's final texts (positions that depend on the edit). */
  where?: (text: (file: string) => string) => Omit<ExpectedFinding, 'ruleId' | 'where'>;
}

export interface ValidCase {
  name: string;
  files?: Files;
  options?: Record<string, unknown>;
  /** Findings a valid case may still bring, by message (say why where it is used). */
  allow?: RegExp;
}

export interface InvalidCase extends ValidCase {
  /**
   * Exactly the findings of the rules named here, in file/line/column order. Findings of other
   * rules are not compared: one sabotage may trip a neighbouring rule too.
   */
  errors: ExpectedFinding[];
}

export interface RuleSuite {
  /** The describe block's name; usually the family or rule. */
  name: string;
  /** What the cases run over: a real folder read in place, or files in memory. */
  base: string | Record<string, string>;
  /** Runs one case and returns its findings. */
  run(source: FileSource, c: ValidCase): Promise<Finding[]>;
  valid: ValidCase[];
  invalid: InvalidCase[];
  /** Skip (without running) when the base folder needs ../shared and it is absent. */
  skip?: boolean;
}

/** A real folder (or nothing) with a case's edits laid over it in memory. Nothing is written. */
export class OverlaySource extends MemoryOverlay {
  constructor(base: string | Record<string, string>, files: Files = {}) {
    super(typeof base === 'string' ? new FsSource(base) : undefined);
    if (typeof base !== 'string') for (const [rel, text] of Object.entries(base)) this.set(rel, text);
    for (const [rel, edit] of Object.entries(files)) {
      if (typeof edit === 'function') {
        const before = this.text(rel);
        if (before === undefined) throw new Error(`a case edits ${rel}, which the base does not have`);
        this.set(rel, edit(before));
      } else this.set(rel, edit);
    }
  }
}

/** Runs check families in-process over a source, as `specgate check` would. */
export async function checkFindings(
  source: FileSource,
  opts: { families: string[]; preset?: string; options?: Record<string, unknown>; severities?: Record<string, ConfiguredSeverity> },
): Promise<Finding[]> {
  const corpus = new Corpus(source, presetLayout(opts.preset ?? 'specgate'));
  const families = await loadFamilies(opts.families);
  const result = await runFamilies({ corpus, families, options: opts.options ?? {}, severities: opts.severities ?? {} });
  return result.findings;
}

/** A suite of check-family cases over one base. */
export function checkSuite(
  name: string,
  opts: { base: string | Record<string, string>; families: string[]; preset?: string; skip?: boolean },
  cases: { valid: ValidCase[]; invalid: InvalidCase[] },
): RuleSuite {
  return {
    name,
    base: opts.base,
    skip: opts.skip,
    run: (source, c) => checkFindings(source, { families: opts.families, preset: opts.preset, options: c.options }),
    ...cases,
  };
}

/** Registers the suite's cases with vitest. */
export function runRuleTests(suite: RuleSuite): void {
  // A suite that needs the absent ../shared: skipped without running, or failed under CI=true.
  const block = suite.skip ? describeShared : describe;
  block(suite.name, () => {
    for (const c of suite.valid) {
      it(`valid: ${c.name}`, async () => {
        const found = await suite.run(new OverlaySource(suite.base, c.files), c);
        expect(found.filter((f) => !c.allow?.test(f.message)).map(brief)).toEqual([]);
      });
    }
    for (const c of suite.invalid) {
      it(`invalid: ${c.name}`, async () => {
        const source = new OverlaySource(suite.base, c.files);
        const found = await suite.run(source, c);
        const text = (f: string) => source.text(f) ?? '';
        const expected = c.errors.map(({ where, ...e }) => ({ ...e, ...where?.(text) }));
        expect(expected.length, 'an invalid case names at least one finding').toBeGreaterThan(0);
        const ids = new Set(expected.map((e) => e.ruleId));
        const mine = found.filter((f) => ids.has(f.ruleId) && !c.allow?.test(f.message));
        expect(mine.map(brief), 'the findings of the rules under test').toHaveLength(expected.length);
        mine.forEach((f, i) => assertFinding(f, expected[i]!));
      });
    }
  });
}

function assertFinding(f: Finding, e: ExpectedFinding): void {
  const { message, ...fields } = e;
  expect(f).toMatchObject(fields);
  if (typeof message === 'string') expect(f.message).toContain(message);
  else if (message) expect(f.message).toMatch(message);
}

function brief(f: Finding): string {
  return `${f.ruleId} ${f.file}:${f.line}:${f.column} ${f.message}`;
}

/** The ids every invalid case of the suites names: the coverage test compares them with the registry. */
export function coveredIds(suites: readonly RuleSuite[]): Set<string> {
  const ids = new Set<string>();
  for (const s of suites) for (const c of s.invalid) for (const e of c.errors) ids.add(e.ruleId);
  return ids;
}

/** 1-based position (and end, for a single-line needle) of the n-th occurrence of `needle`. */
export function positionOf(text: string, needle: string, nth = 1): { line: number; column: number; endLine: number; endColumn: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`occurrence ${nth} of ${JSON.stringify(needle)} not found`);
  }
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  return { line, column, endLine: line, endColumn: column + needle.length };
}
