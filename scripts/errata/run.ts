import path from 'node:path';
import type { Corpus } from '../core/parse/corpus.js';
import { UsageError } from '../core/base/errors.js';
import { Collector } from '../core/engine/collector.js';
import type { ConfiguredSeverity, Finding } from '../core/model/findings.js';
import type { MarkdownDoc } from '../core/parse/markdown.js';
import { parseMarkdown } from '../core/parse/markdown.js';
import type { Verdict } from './judge.js';
import { judge } from './judge.js';
import { resetClosestBudget } from './closest.js';
import { formatMessage } from '../core/engine/rule.js';
import type { Family, Report, RuleMeta } from '../core/engine/rule.js';
import { planPass } from '../core/engine/fixer.js';
import type { RfcErrata } from './parse.js';
import { mentionsErrata, readRfcErrata } from './parse.js';
import type { Governance } from './target-path.js';
import { governanceFor, resolveTarget } from './target-path.js';
import { ERRATA, ERRATA_RULES } from './rules.js';
import { loadRfcSet } from '../rfc/set.js';
import type { Erratum, Splice } from './types.js';

/** What became of an item: `applied` (the run's changes carry it), `would-apply` (a dry run), `not-written` (another item was refused). */
type OutcomeStatus = 'applied' | 'would-apply' | 'not-written' | 'not-applied' | 'already-applied' | 'refused' | 'unreadable' | 'left';

interface ErratumOutcome {
  rfc: string;
  index: number;
  /** The RFC item, `RFCS/0211-….md:94`. */
  at: string;
  /** What the item names, `spec/v1/a2a-integration.md §B`. */
  target: string;
  op?: 'append' | 'replace';
  status: OutcomeStatus;
  /** One line: why. */
  detail: string;
}

export interface FileChange {
  file: string;
  /** Absolute path to write: the checked real path (no symlink on the way). */
  real: string;
  /** Why it may be edited ("tracked by git"), shown in the dry run. */
  governed: string;
  before: string;
  after: string;
}

export interface ErrataRun {
  outcomes: ErratumOutcome[];
  /** Settled: at their configured severity, citing the preset's section. */
  findings: Finding[];
  /** Files the run would change, with their new text (empty when any erratum is refused). */
  changes: FileChange[];
  /** What the items that apply would change, even when another is refused (the dry run shows it). */
  preview: FileChange[];
  rfcs: RfcErrata[];
  /**
   * The corpus's read problems this run owns: those of the files it read for the items it judges,
   * not those of a target only an unselected item names (a run that selects it reports them).
   */
  problems: Finding[];
}

export interface ErrataOptions {
  /** Only this RFC (any status); otherwise every Accepted RFC with errata. */
  rfc?: string;
  /** `apply` plans edits; `check` reports each erratum not yet applied as an error. */
  mode: 'apply' | 'check';
  /** `apply --dry-run`: the items that apply are said to be `would-apply` (otherwise `applied`, the changes being written). */
  dryRun?: boolean;
  /** Only these items (1-based, of the one RFC `rfc` names); the others are left for later (or reported already applied). */
  items?: readonly number[];
  /** Flags a fix hint repeats so it runs on the same repository (`--root x --preset openwop`). */
  hintFlags?: string;
  /** Where the findings go (the errata family's context, errataFamily); otherwise a collector of the run's own, whose findings the run returns. */
  collector?: ErrataSink;
  severities?: Readonly<Record<string, ConfiguredSeverity>>;
}

/** What an errata run reports each finding through: a Collector, or the engine's family context. */
export interface ErrataSink {
  report(rule: RuleMeta, r: Report): void;
}

/** A finding of an errata rule, not yet handed to the collector. */
interface Reported {
  rule: RuleMeta;
  report: Report;
}

/** An item whose edit is located and judged applicable: its target, read once, and the splice. */
interface Edit {
  file: string;
  real: string;
  governed: string;
  doc: MarkdownDoc;
  verdict: Extract<Verdict, { status: 'apply' }>;
}

/** One item judged against its target's original text: what it would do, and what judging it found. Never changed afterwards. */
interface Judged {
  erratum: Erratum;
  target: string;
  /** The target file it resolved to (read to judge it). */
  read?: string;
  status: 'apply' | 'already-applied' | 'refused';
  detail: string;
  reports: readonly Reported[];
  edit?: Edit;
}

/** What splicing one file's edits gives: the change, or the refusals (overlap, or not shown applied after re-parsing). */
interface Spliced {
  change?: FileChange;
  refusals: ReadonlyMap<Erratum, Reported>;
}

/**
 * Reads the selected RFCs' errata and judges each against its target's original text. Every edit
 * is located before any is made; a single refusal leaves `changes` empty (all or nothing). A
 * straight line: read each RFC's `## Errata` from its one parsed document, resolve and locate each
 * item (immutable verdicts), splice and verify each file once by re-parsing it, then word every
 * outcome once from what was found.
 */
export async function planErrata(corpus: Corpus, options: ErrataOptions): Promise<ErrataRun> {
  resetClosestBudget();
  const own = options.collector ? undefined : errataCollector(corpus, options.severities);
  const out: ErrataSink = options.collector ?? own!;
  const rfcs = await readErrata(corpus, options.rfc);
  const selected = selectItems(rfcs, options);
  const gov = governanceFor(corpus.source, corpus.layout);
  const all = rfcs.flatMap((rfc) => rfc.errata);
  const judged = new Map<Erratum, Judged>();
  for (const erratum of all.filter((e) => selected(e.index))) judged.set(erratum, await judgeItem(corpus, erratum, gov));
  // The targets only unselected items name: what reading them finds (their read problems) belongs
  // to a run that selects them. A file read before has reported what it will (reads are memoized).
  const reported = new Set(corpus.problems.map((p) => p.file));
  const quietTargets = new Set<string>();
  // An item --item did not select is reported as already applied when it is, as without --item
  // (it needs no selecting); the others are left for later.
  for (const erratum of all.filter((e) => !selected(e.index))) {
    const j = await judgeItem(corpus, erratum, gov);
    judged.set(erratum, j);
    if (j.read && !reported.has(j.read)) quietTargets.add(j.read);
  }
  const chosen = [...judged.values()].filter((j) => selected(j.erratum.index));
  const pending = chosen.filter((j) => j.status === 'apply');
  const unreadable = rfcs.flatMap((rfc) => rfc.unreadable);
  const blocked = (rfc: string) => unreadable.some((u) => u.rfc === rfc && selected(u.index)) || chosen.some((j) => j.erratum.rfc === rfc && j.status === 'refused');

  const spliced = new Map<string, Spliced>();
  const hints = new Map<string, string>();
  if (options.mode === 'apply') {
    for (const [file, s] of spliceAll(pending, corpus.layout.process.sections.unresolvedQuestions)) spliced.set(file, s);
  } else {
    // One hint per RFC (its pending items), not one search of all items per item.
    for (const j of pending) if (!hints.has(j.erratum.rfc)) hints.set(j.erratum.rfc, itemFlags(j.erratum.rfc, blocked(j.erratum.rfc), pending) + (options.hintFlags ?? ''));
  }
  const refusalOf = (e: Erratum) => [...spliced.values()].find((s) => s.refusals.has(e))?.refusals.get(e);
  const refused = unreadable.some((u) => selected(u.index)) || chosen.some((j) => j.status === 'refused' || refusalOf(j.erratum));
  const preview = [...spliced.values()].flatMap((s) => (s.change ? [s.change] : []));
  const changes = refused ? [] : preview;
  const written: OutcomeStatus = options.mode !== 'apply' ? 'not-written' : options.dryRun ? (preview.length ? 'would-apply' : 'not-written') : changes.length ? 'applied' : 'not-written';

  const outcomes: ErratumOutcome[] = [];
  const reports: Reported[] = [];
  for (const u of unreadable) {
    const at = `${u.rfcFile}:${u.item.line}`;
    if (!selected(u.index)) {
      outcomes.push({ rfc: u.rfc, index: u.index, at, target: '?', status: 'left', detail: 'not selected with --item' });
      continue;
    }
    outcomes.push({ rfc: u.rfc, index: u.index, at, target: '?', status: 'unreadable', detail: u.reason });
    reports.push({ rule: ERRATA.itemUnreadable, report: { at: { file: u.rfcFile, range: u.item }, messageId: 'unreadable', data: { rfc: u.rfc, index: u.index, reason: u.reason } } });
  }
  for (const j of judged.values()) {
    const e = j.erratum;
    const at = `${e.rfcFile}:${e.item.line}`;
    if (!selected(e.index)) {
      outcomes.push(j.status === 'already-applied' ? outcome(j, 'already-applied', j.detail) : { rfc: e.rfc, index: e.index, at, target: describe(e), op: e.op, status: 'left', detail: 'not selected with --item' });
      continue;
    }
    reports.push(...j.reports);
    if (j.status !== 'apply') {
      outcomes.push(outcome(j, j.status, j.detail));
    } else if (options.mode === 'check') {
      const pendingFinding = notApplied(j.erratum, j.edit!, hints.get(e.rfc) ?? '');
      reports.push(pendingFinding.reported);
      outcomes.push(outcome(j, 'not-applied', pendingFinding.detail));
    } else {
      const refusal = refusalOf(e);
      if (refusal) reports.push(refusal);
      outcomes.push(refusal ? outcome(j, 'refused', formatMessage(refusal.rule, refusal.report.messageId!, refusal.report.data ?? {})) : outcome(j, written, j.detail));
    }
  }
  for (const r of reports) out.report(r.rule, r.report);
  outcomes.sort((a, b) => a.rfc.localeCompare(b.rfc) || a.index - b.index);
  const problems = corpus.problems.filter((p) => !quietTargets.has(p.file));
  return { outcomes, findings: own?.toFindings() ?? [], changes, preview, rfcs, problems };
}

function outcome(j: Judged, status: OutcomeStatus, detail: string): ErratumOutcome {
  const e = j.erratum;
  return { rfc: e.rfc, index: e.index, at: `${e.rfcFile}:${e.item.line}`, target: j.target, op: e.op, status, detail };
}

/** The selected RFCs' errata, each read from the RFC's one parsed document (the corpus's, shared with the rfcs gates). */
async function readErrata(corpus: Corpus, only: string | undefined): Promise<RfcErrata[]> {
  const title = corpus.layout.process.sections.errata;
  const rfcs: RfcErrata[] = [];
  for (const file of await selectRfcs(corpus, only)) {
    const doc = await corpus.markdown(file);
    if (!doc) continue;
    const rfc = readRfcErrata(doc, title);
    if (!only && rfc.status !== corpus.layout.process.statuses.accepted) continue;
    rfcs.push(rfc);
  }
  return rfcs;
}

function groupByFile(pending: readonly Judged[]): Map<string, Judged[]> {
  const byFile = new Map<string, Judged[]>();
  for (const j of pending) {
    let list = byFile.get(j.edit!.file);
    if (!list) byFile.set(j.edit!.file, (list = []));
    list.push(j);
  }
  return byFile;
}

/** Which items of the selected RFC `--item` keeps (all when it is not given). */
function selectItems(rfcs: readonly RfcErrata[], options: ErrataOptions): (index: number) => boolean {
  const items = options.items;
  if (!items?.length) return () => true;
  if (options.rfc === undefined) throw new UsageError('--item numbers the items of one RFC; name it with --rfc NNNN');
  const rfc = rfcs[0];
  const count = rfc ? rfc.errata.length + rfc.unreadable.length : 0;
  for (const n of items) {
    if (!Number.isInteger(n) || n < 1 || n > count) throw new UsageError(`--item ${n}: RFC ${options.rfc} lists ${count === 0 ? 'no errata' : `errata items 1–${count}`}`);
  }
  const keep = new Set(items);
  return (index) => keep.has(index);
}

async function selectRfcs(corpus: Corpus, rfc: string | undefined): Promise<string[]> {
  const dir = corpus.layout.rfcsDir;
  // The RFC folder as the one RFC set lists it and reads it: its caps (files and text per run) hold here too.
  const set = await loadRfcSet(corpus);
  const all = set.files.filter((f) => /^\d{4}-/.test(path.posix.basename(f)));
  if (rfc !== undefined) {
    if (!/^\d{1,4}$/.test(rfc)) throw new UsageError(`--rfc expects an RFC number such as 0211, got "${rfc}"`);
    const num = rfc.padStart(4, '0');
    const file = all.find((f) => path.posix.basename(f).startsWith(`${num}-`));
    if (!file) throw new UsageError(`no RFC ${num} in ${dir}/`);
    return [file];
  }
  return all.filter((f) => mentionsErrata(set.text(f) ?? '', corpus.layout.process.sections.errata));
}

/** What a plugin's rules in an errata-like family are given (`ctx.given`): the selected RFCs' errata, as read from their `## Errata` sections. */
export interface ErrataGiven {
  mode: 'apply' | 'check';
  rfcs: readonly RfcErrata[];
}

/**
 * The errata family of one run: the options of `errata apply|check` (`given`), the errata rules
 * its judge reports against, and the judge (planErrata over the corpus's RFC documents and the
 * targets they amend), reporting the read problems the run owns. The engine runs it (the session
 * for the command, the rule harness for the examples); the run's outcomes and changes are kept
 * for the command's status lines, the dry run's patch and the one commit path.
 */
export function errataFamily(options: Omit<ErrataOptions, 'collector' | 'severities'>): Family & { result?: ErrataRun } {
  const family: Family & { result?: ErrataRun } = {
    name: 'errata',
    description: "an Accepted RFC's errata, applied to the documents they amend",
    rules: [],
    judged: ERRATA_RULES,
    given: options,
    primaryFile: ({ layout }) => layout.rfcsDir,
    async run(ctx) {
      const run = await planErrata(ctx.corpus, { ...options, collector: ctx });
      family.result = run;
      ctx.add(run.problems);
      ctx.visit(run.outcomes.length);
      return { given: { mode: options.mode, rfcs: run.rfcs } satisfies ErrataGiven };
    },
  };
  return family;
}

/** A collector of the errata rules, citing the corpus's preset. */
export function errataCollector(corpus: Corpus, severities: Readonly<Record<string, ConfiguredSeverity>> = {}): Collector {
  return new Collector(ERRATA_RULES, { severities, preset: corpus.layout.preset });
}

async function judgeItem(corpus: Corpus, erratum: Erratum, gov: Governance): Promise<Judged> {
  const refusedAs = (detail: string, reports: Reported[] = [], target = describe(erratum)): Judged => ({ erratum, target, status: 'refused', detail, reports });
  const resolved = resolveTarget(erratum.targetPath, corpus.source, gov);
  if (!resolved.ok) {
    return refusedAs(resolved.message, [{ rule: resolved.rule, report: { at: { file: erratum.rfcFile, range: erratum.item }, messageId: 'refused', data: { name: name(erratum), detail: resolved.message } } }]);
  }
  const file = resolved.file;
  const doc = await corpus.markdown(file);
  if (!doc) return { ...refusedAs(`${file} could not be read`), read: file };
  const verdict = judge(erratum, doc, corpus.layout.process.sections.unresolvedQuestions);
  const target = describe(erratum, file);
  if (verdict.status === 'refused') {
    return { ...refusedAs(verdict.message, [{ rule: verdict.rule, report: { at: { file: erratum.rfcFile, range: erratum.item }, messageId: 'refused', data: { name: name(erratum), detail: verdict.message }, related: verdict.related } }], target), read: file };
  }
  const reports = lineHintOff(erratum, doc, verdict.from, verdict.to);
  const where = `${file}:${doc.lines.at(verdict.from).line}`;
  if (verdict.status === 'already-applied') {
    return { erratum, target, read: file, status: 'already-applied', detail: erratum.op === 'append' ? `${verdict.section.title} (${where}) has the paragraph` : `the new text is at ${where}`, reports };
  }
  const edit: Edit = { file, real: resolved.real ?? path.join(corpus.root, file), governed: resolved.governed, doc, verdict };
  return { erratum, target, read: file, status: 'apply', detail: erratum.op === 'append' ? `appends a paragraph to ${verdict.section.title} (${where})` : `replaces the old text at ${where}`, reports, edit };
}

/** A line hint that misses the located text is reported, never trusted: the section and the text decide. */
function lineHintOff(erratum: Erratum, doc: MarkdownDoc, from: number, to: number): Reported[] {
  if (erratum.lineHint === undefined) return [];
  const first = doc.lines.at(from).line;
  const last = doc.lines.at(Math.max(from, to - 1)).line;
  if (erratum.lineHint >= first && erratum.lineHint <= last) return [];
  const where = first === last ? `line ${first}` : `lines ${first}–${last}`;
  return [{
    rule: ERRATA.lineHintOff,
    report: {
      at: { file: erratum.rfcFile, range: erratum.hintRange ?? erratum.item },
      messageId: 'off',
      data: { name: name(erratum), hint: erratum.lineHint, what: erratum.op === 'append' ? 'target' : 'text', file: doc.file, where },
      related: [{ file: doc.file, ...doc.lines.range(from, to), message: 'located here' }],
    },
  }];
}

/**
 * `errata apply` is --fix on the errata rules: each pending item's finding carries the splice as
 * its fix, the one fixer (core/engine/fixer.ts) takes the fixes of every file in one pass, and each file
 * is verified once by re-parsing it. Items whose edits overlap are refused first (the fixer would
 * only defer one of them, and a later pass has nothing to re-judge them against).
 */
function spliceAll(pending: readonly Judged[], questions: string): Map<string, Spliced> {
  const out = new Map<string, Spliced>();
  const clean: Judged[] = [];
  for (const [file, edits] of groupByFile(pending)) {
    const refusals = overlapRefusals(file, edits);
    if (refusals.size) out.set(file, { refusals });
    else clean.push(...edits);
  }
  const texts = new Map(clean.map((j) => [j.edit!.file, j.edit!.doc.text]));
  // The pending items' findings, their fixes taken whole by the one fixer (no hint flags: apply reports none of them).
  const pass = planPass(clean.map((j) => notApplied(j.erratum, j.edit!, '').reported.report), (file) => texts.get(file), { insertionsInOrder: true });
  for (const [file, edits] of groupByFile(clean)) {
    const first = edits[0]!.edit!;
    const after = pass.texts.get(file)?.after ?? first.doc.text;
    out.set(file, verify(file, first, after, edits, questions));
  }
  return out;
}

/** Refuses both items of the first pair whose edits of one file overlap (sorted by place, then list order). */
function overlapRefusals(file: string, edits: readonly Judged[]): Map<Erratum, Reported> {
  const ordered = edits
    .map((j, order) => ({ j, order, splice: j.edit!.verdict.splice }))
    .sort((a, b) => a.splice.start - b.splice.start || a.splice.end - b.splice.end || a.order - b.order);
  const refusals = new Map<Erratum, Reported>();
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    if (b.splice.start < a.splice.end) {
      for (const x of [a, b]) refusals.set(x.j.erratum, refusal(x.j.erratum, ERRATA.editsOverlap, 'overlap', { name: name(x.j.erratum), other: name((x === a ? b : a).j.erratum), file }));
      break;
    }
  }
  return refusals;
}

/** The spliced text re-parsed once: every item must now read as already applied. */
function verify(file: string, first: Edit, after: string, edits: readonly Judged[], questions: string): Spliced {
  const reparsed = parseMarkdown(file, after);
  const refusals = new Map<Erratum, Reported>();
  for (const j of edits) {
    const again = judge(j.erratum, reparsed, questions);
    if (again.status !== 'already-applied') refusals.set(j.erratum, refusal(j.erratum, ERRATA.verifyFailed, 'notShown', { name: name(j.erratum), file, why: again.status === 'refused' ? again.message : 'it would apply again' }));
  }
  return refusals.size ? { refusals } : { change: { file, real: first.real, governed: first.governed, before: first.doc.text, after }, refusals };
}

function refusal(e: Erratum, rule: (typeof ERRATA)['editsOverlap' | 'verifyFailed'], messageId: string, data: Record<string, string>): Reported {
  return { rule, report: { at: { file: e.rfcFile, range: e.item }, messageId, data } };
}

/**
 * ` --item a --item b` naming the pending items of an RFC when another of its items is refused or
 * unreadable: `errata apply --rfc NNNN` alone would write nothing (all or nothing), these apply.
 */
function itemFlags(rfc: string, blocked: boolean, pending: readonly Judged[]): string {
  if (!blocked) return '';
  return pending.filter((j) => j.erratum.rfc === rfc).map((j) => ` --item ${j.erratum.index}`).join('');
}

/** An erratum not yet applied: its finding (the splice is its fix) and the outcome's one line. */
function notApplied(e: Erratum, edit: Edit, hintFlags: string): { reported: Reported; detail: string } {
  const v = edit.verdict;
  const line = edit.doc.lines.at(v.from).line;
  const what = e.op === 'append' ? `${v.section.title} has no such paragraph yet` : `${v.section.title} still has the old text at line ${line}`;
  return {
    detail: `${edit.file}: ${what}`,
    reported: {
      rule: ERRATA.notApplied,
      report: {
        at: { file: e.rfcFile, range: e.item },
        messageId: e.op === 'append' ? 'appendPending' : 'replacePending',
        data: { name: name(e), file: edit.file, section: v.section.title, line, rfc: e.rfc, flags: hintFlags },
        // What `errata apply` writes: the fix the one fixer takes.
        fix: { edits: [{ file: edit.file, ...v.splice }] },
        related: [{ file: edit.file, ...edit.doc.lines.range(v.from, v.to), message: e.op === 'append' ? 'the paragraph goes at the end of this' : 'the old text' }],
      },
    },
  };
}

function name(e: Erratum): string {
  return `RFC ${e.rfc} §Errata item ${e.index} (${e.label})`;
}

function describe(e: Erratum, file?: string): string {
  return `${file ?? e.targetPath}${e.section ? ` ${e.section}` : ''}`;
}
