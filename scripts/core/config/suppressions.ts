import path from 'node:path';
import type { Corpus } from '../parse/corpus.js';
import { UsageError } from '../base/errors.js';
import type { BaselineSummary, CheckResult, Finding, PrunableSuppression } from '../model/findings.js';
import { compareFindings } from '../model/findings.js';
import { parseJson } from '../parse/json-tree.js';
import { FsSource, readRegularFile, toPosix } from '../io/source.js';
import type { ReadResult } from '../io/source.js';
import { writeUserOutput } from '../io/user-output.js';
import { writeTreeFile } from '../io/writer.js';
import { dict, own } from '../base/dict.js';
import { isObject } from '../base/json-object.js';
import { encodePointer } from '../model/pointer.js';
import { UNPARSED_RULES } from '../engine/reading-rules.js';

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
  const out: Suppressions = dict();
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    const byRule = (out[f.file] ??= dict());
    (byRule[f.ruleId] ??= { count: 0 }).count++;
  }
  return out;
}

/** Records the current counts: of every rule, or of the `only` rule ids. Entries not found now are kept. */
export function suppress(existing: Suppressions, found: Suppressions, only?: ReadonlySet<string>): Suppressions {
  const out = copy(existing);
  for (const [file, rules] of Object.entries(found)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      if (only && !only.has(ruleId)) continue;
      (out[file] ??= dict())[ruleId] = { count };
    }
  }
  return sorted(out);
}

/**
 * Whether a run can judge a recorded entry (file, rule id): a run of some families, or one that
 * reads fewer files (--staged, --map), found nothing of the rest, which is therefore neither fixed
 * nor prunable. Everything is in scope by default.
 */
export type InScope = (file: string, ruleId: string) => boolean;

const EVERYTHING: InScope = () => true;

/**
 * The scope of a `check` run: an entry is out of it when its rule belongs to a family that did not
 * run (`notRun`), or when its file still exists but the run did not read it. A file that exists no
 * more is in scope for the rules of the families that ran (every rule when all ran), so the
 * entries of a deleted or renamed file can be pruned; a `corpus/missing-file` entry of a family
 * that did not run is not.
 */
export function runScope(ran: ReadonlySet<string>, notRun: ReadonlySet<string>, read: ReadonlySet<string>, exists: (file: string) => boolean): InScope {
  return (file, ruleId) => {
    if (notRun.has(ruleId)) return false;
    if (read.has(file)) return true;
    return !exists(file) && (notRun.size === 0 || ran.has(ruleId));
  };
}

/** Lowers each in-scope count to what is found now and drops those found no more; the others are kept as they are. */
export function prune(existing: Suppressions, found: Suppressions, inScope: InScope = EVERYTHING): Suppressions {
  const out: Suppressions = dict();
  for (const [file, rules] of Object.entries(existing)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      if (!inScope(file, ruleId)) {
        (out[file] ??= dict())[ruleId] = { count };
        continue;
      }
      const now = own(own(found, file), ruleId)?.count ?? 0;
      if (now > 0) (out[file] ??= dict())[ruleId] = { count: Math.min(count, now) };
    }
  }
  return sorted(out);
}

/** The findings the baseline does not cover, those it hid, and the in-scope counts that can be lowered. */
export function applySuppressions(
  findings: readonly Finding[],
  recorded: Suppressions,
  inScope: InScope = EVERYTHING,
  never: ReadonlySet<Finding> = new Set(),
): { findings: Finding[]; suppressed: number; hidden: Finding[]; prunable: PrunableSuppression[] } {
  const found = countErrors(findings.filter((f) => !never.has(f)));
  const hidden: Finding[] = [];
  const kept = findings.filter((f) => {
    if (f.severity !== 'error' || never.has(f)) return true;
    const allowed = own(own(recorded, f.file), f.ruleId)?.count ?? 0;
    if (found[f.file]![f.ruleId]!.count > allowed) return true;
    hidden.push(f);
    return false;
  });
  const prunable: PrunableSuppression[] = [];
  for (const [file, rules] of Object.entries(recorded)) {
    for (const [ruleId, { count }] of Object.entries(rules)) {
      if (!inScope(file, ruleId)) continue;
      const now = own(own(found, file), ruleId)?.count ?? 0;
      if (count > now) prunable.push({ file, ruleId, recorded: count, found: now });
    }
  }
  return { findings: kept, suppressed: hidden.length, hidden, prunable };
}

/** What a run can judge of the baseline, and which family reported each finding (for its summary row). */
export interface BaselineScope {
  inScope?: InScope;
  familyOf?: (finding: Finding) => string | undefined;
}

/**
 * `check`'s baseline step: reads the suppressions file (from the git index with --staged),
 * rewrites its in-scope entries when asked, and returns the result with the suppressed findings
 * removed, from the findings and from each family's error count alike.
 */
/** Whether a flag asks the run to write the suppressions file. */
function writesBaseline(values: BaselineOptions): boolean {
  return Boolean(values['suppress-all'] || (values['suppress-rule']?.length ?? 0) > 0 || values['prune-suppressions']);
}

/** Whether a run has a baseline to apply or write: a suppressions file in the tree, one named, or a flag that writes one. */
export function baselineWanted(corpus: Corpus, values: BaselineOptions): boolean {
  const writing = writesBaseline(values);
  return Boolean(writing || values['suppressions-location'] || corpus.source.exists(SUPPRESSIONS_FILE));
}

/** Rule ids of the findings that say a file could not be read or parsed: the file's other rules saw nothing of it. */
function unreadable(f: Pick<Finding, 'ruleId'>): boolean {
  return UNPARSED_RULES.some((r) => r.id === f.ruleId);
}

export function applyBaseline(result: CheckResult, corpus: Corpus, values: BaselineOptions, scope: BaselineScope = {}): CheckResult {
  // While a file fails to parse, the run cannot judge its entries: none is used up or prunable.
  const unparsed = new Set(result.findings.filter(unreadable).map((f) => f.file));
  const runScopeOf = scope.inScope ?? EVERYTHING;
  // Its findings are unknown, and so are those of every rule that reads it from another file (an RFC's
  // invariant that the unparsed invariants file would hold): while any file fails to parse, no
  // recorded count is called fixed.
  const inScope: InScope = (file, ruleId) => unparsed.size === 0 && runScopeOf(file, ruleId);
  // A guard against a vacuous pass ("visited nothing") is never recorded nor hidden.
  const guards = new Set<Finding>([...(result.guards ?? []), ...(result.withheld ?? []).map((w) => w.finding)]);
  const explicit = values['suppressions-location'];
  const file = explicit ? path.resolve(explicit) : path.join(corpus.root, SUPPRESSIONS_FILE);
  // Named relative to the working directory (`../specgate-suppressions.json` from RFCS/), unless the full path is shorter.
  const rel = path.relative(process.cwd(), file) || SUPPRESSIONS_FILE;
  const shown = explicit ?? toPosix(rel.length <= file.length && !path.isAbsolute(rel) ? rel : file);
  const writing = writesBaseline(values);
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
  let recorded: Suppressions = text === undefined ? dict() : parseSuppressions(shown, text);
  let wrote: BaselineSummary['wrote'];
  if (values['prune-suppressions'] && unparsed.size > 0) {
    const first = [...unparsed].sort()[0]!;
    throw new UsageError(`--prune-suppressions refused: ${first} does not parse, so the findings recorded for it cannot be judged; fix it first${unparsed.size > 1 ? ` (and ${unparsed.size - 1} more file${unparsed.size > 2 ? 's' : ''})` : ''}`);
  }
  if (writing && !explicit) refuseUnstagedBaseline(corpus, got, values);
  if (writing) {
    // A guard (shown or withheld) is never recorded: a baselined "visited nothing" would pass having checked nothing.
    const found = countErrors(result.findings.filter((f) => !guards.has(f)));
    if (values['prune-suppressions']) recorded = prune(recorded, found, inScope);
    if (values['suppress-all']) recorded = suppress(recorded, found);
    else if (values['suppress-rule']?.length) recorded = suppress(recorded, found, new Set(values['suppress-rule']));
    const json = JSON.stringify(recorded, null, 2) + '\n';
    if (explicit) writeUserOutput(explicit, json, corpus.root, { refusal: 'the suppressions file is written as a regular file' });
    else writeTreeFile(corpus.root, SUPPRESSIONS_FILE, json, 'the suppressions file');
    wrote = { entries: Object.values(recorded).reduce((n, r) => n + Object.keys(r).length, 0) };
  }
  let applied = applySuppressions(result.findings, recorded, inScope, guards);
  const families = result.families.map((s) => ({ ...s }));
  // A guard was withheld only because an error of its blockers fails the run: once the baseline
  // hides all of theirs, the run would pass having checked nothing, so the guard counts again.
  const failing = new Set(applied.findings.filter((f) => f.severity === 'error').map((f) => scope.familyOf?.(f)));
  const revealed = (result.withheld ?? []).filter((w) => !w.blockers.some((b) => failing.has(b)));
  if (revealed.length > 0) {
    applied = applySuppressions([...result.findings, ...revealed.map((w) => w.finding)].sort(compareFindings), recorded, inScope, guards);
    const shown = new Set(applied.findings);
    for (const w of revealed) {
      const s = families.find((x) => x.family === w.family);
      if (s && shown.has(w.finding) && w.finding.severity === 'error') s.errors++;
    }
  }
  for (const f of applied.hidden) {
    const s = families.find((x) => x.family === scope.familyOf?.(f));
    if (!s) continue;
    s.errors--;
    s.suppressed = (s.suppressed ?? 0) + 1;
  }
  return { ...result, findings: applied.findings, families, baseline: { file: shown, suppressed: applied.suppressed, prunable: applied.prunable, ...(wrote ? { wrote } : {}) } };
}

/**
 * The tree's file is written where the working tree holds it, from the text the run read: with
 * --staged that is the index's, so a working file that differs (changes not staged, or not added
 * at all) would be replaced by the index's entries, losing the others. Refused in one line, nothing
 * written; the run without --staged, or once the file is staged, writes it.
 */
function refuseUnstagedBaseline(corpus: Corpus, read: ReadResult, values: BaselineOptions): void {
  if (corpus.source instanceof FsSource) return;
  const onDisk = new FsSource(corpus.root).read(SUPPRESSIONS_FILE);
  const same = onDisk.ok && read.ok ? onDisk.bytes.equals(read.bytes) : !onDisk.ok && !read.ok && onDisk.failure === 'missing' && read.failure === 'missing';
  if (same) return;
  const flag = values['prune-suppressions'] ? '--prune-suppressions' : values['suppress-all'] ? '--suppress-all' : '--suppress-rule';
  throw new UsageError(`${flag} with --staged: ${SUPPRESSIONS_FILE} has changes that are not staged; stage them (git add ${SUPPRESSIONS_FILE}) or run without --staged`);
}

export function parseSuppressions(shown: string, text: string): Suppressions {
  const doc = parseJson(shown, text);
  const problem = doc.problems[0];
  const fail = (message: string, at: { line: number; column: number } = { line: 1, column: 1 }): never => {
    throw new UsageError(`${shown}:${at.line}:${at.column}: ${message}`);
  };
  if (problem) fail(problem.message, doc.lines.at(problem.start));
  const v = doc.value;
  if (!isObject(v)) return fail('expected an object of files, each an object of rule ids with a "count"');
  for (const [file, rules] of Object.entries(v)) {
    if (!isObject(rules)) fail(`"${file}" must be an object of rule ids`, doc.locate(encodePointer([file]), 'value'));
    for (const [ruleId, entry] of Object.entries(rules as Record<string, unknown>)) {
      const count = isObject(entry) ? entry.count : undefined;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
        fail(`"${file}" → "${ruleId}" must be { "count": a whole number }`, doc.locate(encodePointer([file, ruleId]), 'value'));
      }
    }
  }
  return copy(v as Suppressions);
}

/** A null-prototype copy (file names and rule ids are input: `__proto__` is an ordinary key). */
function copy(s: Suppressions): Suppressions {
  const out: Suppressions = dict();
  for (const [file, rules] of Object.entries(s)) {
    const byRule = (out[file] = dict<{ count: number }>());
    for (const [ruleId, { count }] of Object.entries(rules)) byRule[ruleId] = { count };
  }
  return out;
}

function sorted(s: Suppressions): Suppressions {
  const out: Suppressions = dict();
  for (const file of Object.keys(s).sort()) {
    const rules = s[file]!;
    const ids = Object.keys(rules).sort();
    if (ids.length) {
      const byRule = (out[file] = dict<{ count: number }>());
      for (const id of ids) byRule[id] = rules[id]!;
    }
  }
  return out;
}
