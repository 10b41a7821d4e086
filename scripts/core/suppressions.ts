import path from 'node:path';
import type { Corpus } from './corpus.js';
import { UsageError } from './errors.js';
import type { BaselineSummary, CheckResult, Finding, PrunableSuppression } from './findings.js';
import { parseJson } from './json-tree.js';
import { readRegularFile, toPosix } from './source.js';
import { writeOutputFile, writeTreeFile } from './writer.js';

/**
 * The baseline, after ESLint's bulk suppressions (eslint-suppressions.json): per file and rule
 * id, how many error findings are known and accepted. Counts, not lines, so the file stays valid
 * when lines move; a file or rule with more errors than recorded fails with all of them (which of
 * them is new cannot be told from a count), and a count higher than what is found is prunable.
 */
export const SUPPRESSIONS_FILE = 'specgate-suppressions.json';

/** A suppressions file is a few lines per file with errors; larger is not one (read like every input: capped). */
export const MAX_SUPPRESSIONS_BYTES = 8 * 1024 * 1024;

/** `check`'s baseline flags. */
export const BASELINE_OPTIONS = {
  'suppress-all': { type: 'boolean' },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
} as const;

/** `{ "<file>": { "<rule id>": { "count": n } } }`, keys sorted. */
export type Suppressions = Record<string, Record<string, { count: number }>>;

export interface BaselineOptions {
  'suppress-all'?: boolean;
  'suppress-rule'?: string[];
  'prune-suppressions'?: boolean;
  'suppressions-location'?: string;
  staged?: boolean;
}

/** Error counts per file and rule id. */
export function countErrors(findings: readonly Finding[]): Suppressions {
  const out: Suppressions = {};
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    const byRule = (out[f.file] ??= {});
    (byRule[f.ruleId] ??= { count: 0 }).count++;
  }
  return out;
}

/** Records the current counts: of every rule, or of the `only` rule ids. Entries not found now are kept. */
export function suppress(existing: Suppressions, found: Suppressions, only?: ReadonlySet<string>): Suppressions {
  const out = structuredClone(existing);
  for (const [file, rules] of Object.entries(found)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      if (only && !only.has(ruleId)) continue;
      (out[file] ??= {})[ruleId] = { count };
    }
  }
  return sorted(out);
}

/** Lowers each recorded count to what is found now; drops entries found no more. */
export function prune(existing: Suppressions, found: Suppressions): Suppressions {
  const out: Suppressions = {};
  for (const [file, rules] of Object.entries(existing)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      const now = found[file]?.[ruleId]?.count ?? 0;
      if (now > 0) (out[file] ??= {})[ruleId] = { count: Math.min(count, now) };
    }
  }
  return sorted(out);
}

/** The findings the baseline does not cover, how many it hid, and the counts that can be lowered. */
export function applySuppressions(findings: readonly Finding[], recorded: Suppressions): { findings: Finding[]; suppressed: number; prunable: PrunableSuppression[] } {
  const found = countErrors(findings);
  let suppressed = 0;
  const kept = findings.filter((f) => {
    if (f.severity !== 'error') return true;
    const allowed = recorded[f.file]?.[f.ruleId]?.count ?? 0;
    if (found[f.file]![f.ruleId]!.count > allowed) return true;
    suppressed++;
    return false;
  });
  const prunable: PrunableSuppression[] = [];
  for (const [file, rules] of Object.entries(recorded)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      const now = found[file]?.[ruleId]?.count ?? 0;
      if (count > now) prunable.push({ file, ruleId, recorded: count, found: now });
    }
  }
  return { findings: kept, suppressed, prunable };
}

/**
 * `check`'s baseline step: reads the suppressions file (from the git index with --staged),
 * rewrites it when asked, and returns the result with the suppressed findings removed.
 */
export function applyBaseline(result: CheckResult, corpus: Corpus, values: BaselineOptions): CheckResult {
  const explicit = values['suppressions-location'];
  const file = explicit ? path.resolve(explicit) : path.join(corpus.root, SUPPRESSIONS_FILE);
  const shown = explicit ?? toPosix(path.relative(process.cwd(), file) || SUPPRESSIONS_FILE);
  const writing = values['suppress-all'] || (values['suppress-rule']?.length ?? 0) > 0 || values['prune-suppressions'];
  // The tree's own file is read like every file of the tree (root-checked: a symlink only to a regular
  // file inside the root, never under .git/; with --staged, from the git index). Only a path named on
  // the command line may lie outside the root, and it too must be a regular file.
  const got = explicit ? readRegularFile(file, { cap: MAX_SUPPRESSIONS_BYTES }) : corpus.source.read(SUPPRESSIONS_FILE);
  let text: string | undefined;
  if (got.ok) {
    if (got.bytes.length > MAX_SUPPRESSIONS_BYTES) throw new UsageError(`suppressions file ${shown}: file is ${got.bytes.length} bytes; refusing to read more than ${MAX_SUPPRESSIONS_BYTES}`);
    text = got.bytes.toString('utf8');
  } else if (got.failure !== 'missing' || (explicit && !writing)) {
    throw new UsageError(got.failure === 'missing' ? `suppressions file not found: ${shown}` : `suppressions file ${shown}: ${got.message}`);
  }
  if (text === undefined && !writing) return result;
  let recorded = text === undefined ? {} : parseSuppressions(shown, text);
  let wrote: BaselineSummary['wrote'];
  if (writing) {
    const found = countErrors(result.findings);
    if (values['prune-suppressions']) recorded = prune(recorded, found);
    if (values['suppress-all']) recorded = suppress(recorded, found);
    else if (values['suppress-rule']?.length) recorded = suppress(recorded, found, new Set(values['suppress-rule']));
    const json = JSON.stringify(recorded, null, 2) + '\n';
    if (explicit) writeOutputFile(file, json, 'the suppressions file is written as a regular file');
    else writeTreeFile(corpus.root, SUPPRESSIONS_FILE, json, 'the suppressions file');
    wrote = { entries: Object.values(recorded).reduce((n, r) => n + Object.keys(r).length, 0) };
  }
  const applied = applySuppressions(result.findings, recorded);
  return { ...result, findings: applied.findings, baseline: { file: shown, suppressed: applied.suppressed, prunable: applied.prunable, ...(wrote ? { wrote } : {}) } };
}

function parseSuppressions(shown: string, text: string): Suppressions {
  const doc = parseJson(shown, text);
  const problem = doc.problems[0];
  const fail = (message: string, at: { line: number; column: number } = { line: 1, column: 1 }): never => {
    throw new UsageError(`${shown}:${at.line}:${at.column}: ${message}`);
  };
  if (problem) fail(problem.message, doc.lines.at(problem.start));
  const v = doc.value;
  if (!isRecord(v)) return fail('expected an object of files, each an object of rule ids with a "count"');
  for (const [file, rules] of Object.entries(v)) {
    if (!isRecord(rules)) fail(`"${file}" must be an object of rule ids`, doc.locate(`/${escape(file)}`, 'value'));
    for (const [ruleId, entry] of Object.entries(rules as Record<string, unknown>)) {
      const count = isRecord(entry) ? entry.count : undefined;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
        fail(`"${file}" → "${ruleId}" must be { "count": a whole number }`, doc.locate(`/${escape(file)}/${escape(ruleId)}`, 'value'));
      }
    }
  }
  return v as Suppressions;
}

function sorted(s: Suppressions): Suppressions {
  const out: Suppressions = {};
  for (const file of Object.keys(s).sort()) {
    const rules = s[file]!;
    const ids = Object.keys(rules).sort();
    if (ids.length) out[file] = Object.fromEntries(ids.map((id) => [id, rules[id]!]));
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
