import path from 'node:path';
import type { Corpus } from '../core/corpus.js';
import { UsageError } from '../core/errors.js';
import { Collector } from '../core/collector.js';
import type { ConfiguredSeverity, Finding } from '../core/findings.js';
import type { MarkdownDoc } from '../core/markdown.js';
import { parseMarkdown } from '../core/markdown.js';
import type { Verdict } from './judge.js';
import { judge } from './judge.js';
import { resetClosestBudget } from './closest.js';
import { formatMessage } from '../core/rule.js';
import { applyEdits } from '../core/text-edits.js';
import type { RfcErrata } from './parse.js';
import { errataView, mentionsErrata, readRfcErrata } from './parse.js';
import type { Governance } from './target-path.js';
import { governanceFor, resolveTarget } from './target-path.js';
import { ERRATA, ERRATA_RULES } from './rules.js';
import type { Erratum, Splice } from './types.js';

/** `applicable`: the edit is located and verified; whether it is written is the command's call. */
type OutcomeStatus = 'applicable' | 'not-applied' | 'already-applied' | 'refused' | 'unreadable' | 'left';

interface ErratumOutcome {
  rfc: string;
  index: number;
  /** The RFC item, `RFCS/0211-….md:94`. */
  at: string;
  /** What the item names, `spec/v1/a2a-integration.md §B`. */
  target: string;
  op?: 'append' | 'replace';
  status: OutcomeStatus | 'applied' | 'would-apply' | 'not-written';
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
}

export interface ErrataOptions {
  /** Only this RFC (any status); otherwise every Accepted RFC with errata. */
  rfc?: string;
  /** `apply` plans edits; `check` reports each erratum not yet applied as an error. */
  mode: 'apply' | 'check';
  /** Only these items (1-based, of the one RFC `rfc` names); the others are left for later (or reported already applied). */
  items?: readonly number[];
  /** Flags a fix hint repeats so it runs on the same repository (`--root x --preset openwop`). */
  hintFlags?: string;
  /** Where the findings go (the command's, which adds the corpus's read problems); otherwise one of the run's own. */
  collector?: Collector;
  severities?: Readonly<Record<string, ConfiguredSeverity>>;
}

interface Planned {
  erratum: Erratum;
  file: string;
  real: string;
  governed: string;
  doc: MarkdownDoc;
  verdict: Verdict;
}

/**
 * Reads the selected RFCs' errata and judges each against its target's original text. Every edit
 * is located before any is made; a single refusal leaves `changes` empty (all or nothing).
 */
export async function planErrata(corpus: Corpus, options: ErrataOptions): Promise<ErrataRun> {
  const run: ErrataRun = { outcomes: [], findings: [], changes: [], preview: [], rfcs: [] };
  resetClosestBudget();
  const out = options.collector ?? errataCollector(corpus, options.severities);
  for (const file of await selectRfcs(corpus, options.rfc)) {
    const text = corpus.markdownText(file);
    if (text === undefined) continue;
    const title = corpus.layout.process.sections.errata;
    const rfc = readRfcErrata(parseMarkdown(file, errataView(text, title)), title);
    if (!options.rfc && rfc.status !== corpus.layout.process.statuses.accepted) continue;
    run.rfcs.push(rfc);
  }

  const selected = selectItems(run.rfcs, options);
  const planned: Planned[] = [];
  const gov = governanceFor(corpus.source, corpus.layout);
  for (const rfc of run.rfcs) {
    for (const item of rfc.unreadable) {
      if (!selected(item.index)) {
        run.outcomes.push({ rfc: rfc.rfc, index: item.index, at: `${rfc.file}:${item.item.line}`, target: '?', status: 'left', detail: 'not selected with --item' });
        continue;
      }
      const at = `${rfc.file}:${item.item.line}`;
      run.outcomes.push({ rfc: rfc.rfc, index: item.index, at, target: '?', status: 'unreadable', detail: item.reason });
      out.report(ERRATA.itemUnreadable, { at: { file: rfc.file, range: item.item }, messageId: 'unreadable', data: { rfc: rfc.rfc, index: item.index, reason: item.reason } });
    }
    for (const erratum of rfc.errata) {
      if (!selected(erratum.index)) continue;
      const p = await planOne(corpus, run, out, erratum, gov);
      if (p) planned.push(p);
    }
  }
  // An item --item did not select is reported as already applied when it is, as without --item
  // (it needs no selecting); the others are left for later. Judged after the selected ones and
  // quietly: what judging it finds (its target's read problems included) belongs to a run that selects it.
  for (const erratum of run.rfcs.flatMap((rfc) => rfc.errata).filter((e) => !selected(e.index))) {
    const quiet: ErrataRun = { outcomes: [], findings: [], changes: [], preview: [], rfcs: [] };
    const problems = corpus.problems.length;
    await planOne(corpus, quiet, errataCollector(corpus), erratum, gov);
    corpus.problems.length = problems;
    const judged = quiet.outcomes[0];
    run.outcomes.push(judged?.status === 'already-applied' ? judged : { rfc: erratum.rfc, index: erratum.index, at: `${erratum.rfcFile}:${erratum.item.line}`, target: describe(erratum), op: erratum.op, status: 'left', detail: 'not selected with --item' });
  }
  const byFile = new Map<string, Planned[]>();
  for (const p of planned) {
    if (p.verdict.status !== 'apply') continue;
    let list = byFile.get(p.file);
    if (!list) byFile.set(p.file, (list = []));
    list.push(p);
  }
  const changes: FileChange[] = [];
  if (options.mode === 'apply') {
    for (const [file, edits] of byFile) {
      const change = spliceFile(run, out, file, edits, corpus.layout.process.sections.unresolvedQuestions);
      if (change) changes.push(change);
    }
  } else {
    const pending = planned.filter((p) => p.verdict.status === 'apply');
    // One hint per RFC (its pending items), not one search of all items per item.
    const flags = new Map<string, string>();
    for (const p of pending) {
      let f = flags.get(p.erratum.rfc);
      if (f === undefined) flags.set(p.erratum.rfc, (f = itemFlags(run, p.erratum.rfc, pending)));
      notApplied(run, out, p, f + (options.hintFlags ?? ''));
    }
  }
  const refused = run.outcomes.some((o) => o.status === 'refused' || o.status === 'unreadable');
  run.preview = changes;
  run.changes = refused ? [] : changes;
  run.outcomes.sort((a, b) => a.rfc.localeCompare(b.rfc) || a.index - b.index);
  run.findings = out.settle();
  return run;
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
  const all = (await corpus.source.glob([`${dir}/*.md`])).filter((f) => /^\d{4}-/.test(path.posix.basename(f)));
  if (rfc !== undefined) {
    if (!/^\d{1,4}$/.test(rfc)) throw new UsageError(`--rfc expects an RFC number such as 0211, got "${rfc}"`);
    const num = rfc.padStart(4, '0');
    const file = all.find((f) => path.posix.basename(f).startsWith(`${num}-`));
    if (!file) throw new UsageError(`no RFC ${num} in ${dir}/`);
    return [file];
  }
  return all.filter((f) => mentionsErrata(corpus.text(f) ?? '', corpus.layout.process.sections.errata));
}

/** A collector of the errata rules, citing the corpus's preset. */
export function errataCollector(corpus: Corpus, severities: Readonly<Record<string, ConfiguredSeverity>> = {}): Collector {
  return new Collector(ERRATA_RULES, { severities, preset: corpus.layout.preset });
}

async function planOne(corpus: Corpus, run: ErrataRun, out: Collector, erratum: Erratum, gov: Governance): Promise<Planned | undefined> {
  const outcome = (status: OutcomeStatus, detail: string, target = describe(erratum)) =>
    run.outcomes.push({ rfc: erratum.rfc, index: erratum.index, at: `${erratum.rfcFile}:${erratum.item.line}`, target, op: erratum.op, status, detail });
  const resolved = resolveTarget(erratum.targetPath, corpus.source, gov);
  if (!resolved.ok) {
    outcome('refused', resolved.message);
    out.report(resolved.rule, { at: { file: erratum.rfcFile, range: erratum.item }, messageId: 'refused', data: { name: name(erratum), detail: resolved.message } });
    return undefined;
  }
  const file = resolved.file;
  const doc = await corpus.markdown(file);
  if (!doc) {
    outcome('refused', `${file} could not be read`);
    return undefined;
  }
  const verdict = judge(erratum, doc, corpus.layout.process.sections.unresolvedQuestions);
  const target = describe(erratum, file);
  if (verdict.status === 'refused') {
    outcome('refused', verdict.message, target);
    out.report(verdict.rule, { at: { file: erratum.rfcFile, range: erratum.item }, messageId: 'refused', data: { name: name(erratum), detail: verdict.message }, related: verdict.related });
    return { erratum, file, real: resolved.real ?? path.join(corpus.root, file), governed: resolved.governed, doc, verdict };
  }
  checkHint(out, erratum, doc, verdict.from, verdict.to);
  const where = `${file}:${doc.lines.at(verdict.from).line}`;
  if (verdict.status === 'already-applied') outcome('already-applied', erratum.op === 'append' ? `${verdict.section.title} (${where}) has the paragraph` : `the new text is at ${where}`, target);
  else outcome('applicable', erratum.op === 'append' ? `appends a paragraph to ${verdict.section.title} (${where})` : `replaces the old text at ${where}`, target);
  return { erratum, file, real: resolved.real ?? path.join(corpus.root, file), governed: resolved.governed, doc, verdict };
}

/** A line hint that misses the located text is reported, never trusted: the section and the text decide. */
function checkHint(out: Collector, erratum: Erratum, doc: MarkdownDoc, from: number, to: number): void {
  if (erratum.lineHint === undefined) return;
  const first = doc.lines.at(from).line;
  const last = doc.lines.at(Math.max(from, to - 1)).line;
  if (erratum.lineHint >= first && erratum.lineHint <= last) return;
  const where = first === last ? `line ${first}` : `lines ${first}–${last}`;
  out.report(ERRATA.lineHintOff, {
    at: { file: erratum.rfcFile, range: erratum.hintRange ?? erratum.item },
    messageId: 'off',
    data: { name: name(erratum), hint: erratum.lineHint, what: erratum.op === 'append' ? 'target' : 'text', file: doc.file, where },
    related: [{ file: doc.file, ...doc.lines.range(from, to), message: 'located here' }],
  });
}

/** Splices one file's edits into its original text (last first) and re-parses to verify each. */
function spliceFile(run: ErrataRun, out: Collector, file: string, edits: Planned[], questions: string): FileChange | undefined {
  const before = edits[0]!.doc.text;
  const ordered = edits
    .map((p, order) => ({ p, order, splice: (p.verdict as { splice: Splice }).splice }))
    .sort((a, b) => a.splice.start - b.splice.start || a.splice.end - b.splice.end || a.order - b.order);
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    if (b.splice.start < a.splice.end) {
      for (const x of [a, b]) refuse(run, out, x.p, ERRATA.editsOverlap, 'overlap', { name: name(x.p.erratum), other: name((x === a ? b : a).p.erratum), file });
      return undefined;
    }
  }
  const after = applyEdits(before, ordered.map(({ splice }) => ({ file, ...splice })));
  const reparsed = parseMarkdown(file, after);
  let ok = true;
  for (const { p } of ordered) {
    const again = judge(p.erratum, reparsed, questions);
    if (again.status !== 'already-applied') {
      ok = false;
      refuse(run, out, p, ERRATA.verifyFailed, 'notShown', { name: name(p.erratum), file, why: again.status === 'refused' ? again.message : 'it would apply again' });
    }
  }
  return ok ? { file, real: edits[0]!.real, governed: edits[0]!.governed, before, after } : undefined;
}

function refuse(run: ErrataRun, out: Collector, p: Planned, rule: (typeof ERRATA)['editsOverlap' | 'verifyFailed'], messageId: string, data: Record<string, string>): void {
  const o = run.outcomes.find((x) => x.rfc === p.erratum.rfc && x.index === p.erratum.index);
  if (o) {
    o.status = 'refused';
    o.detail = formatMessage(rule, messageId, data);
  }
  out.report(rule, { at: { file: p.erratum.rfcFile, range: p.erratum.item }, messageId, data });
}

/**
 * ` --item a --item b` naming the pending items of an RFC when another of its items is refused or
 * unreadable: `errata apply --rfc NNNN` alone would write nothing (all or nothing), these apply.
 */
function itemFlags(run: ErrataRun, rfc: string, pending: readonly Planned[]): string {
  const blocked = run.outcomes.some((o) => o.rfc === rfc && (o.status === 'refused' || o.status === 'unreadable'));
  if (!blocked) return '';
  return pending.filter((p) => p.erratum.rfc === rfc).map((p) => ` --item ${p.erratum.index}`).join('');
}

function notApplied(run: ErrataRun, out: Collector, p: Planned, hintFlags: string): void {
  const v = p.verdict as Extract<Verdict, { status: 'apply' }>;
  const line = p.doc.lines.at(v.from).line;
  const what = p.erratum.op === 'append' ? `${v.section.title} has no such paragraph yet` : `${v.section.title} still has the old text at line ${line}`;
  const o = run.outcomes.find((x) => x.rfc === p.erratum.rfc && x.index === p.erratum.index);
  if (o) {
    o.status = 'not-applied';
    o.detail = `${p.file}: ${what}`;
  }
  out.report(ERRATA.notApplied, {
    at: { file: p.erratum.rfcFile, range: p.erratum.item },
    messageId: p.erratum.op === 'append' ? 'appendPending' : 'replacePending',
    data: { name: name(p.erratum), file: p.file, section: v.section.title, line, rfc: p.erratum.rfc, flags: hintFlags },
    related: [{ file: p.file, ...p.doc.lines.range(v.from, v.to), message: p.erratum.op === 'append' ? 'the paragraph goes at the end of this' : 'the old text' }],
  });
}

function name(e: Erratum): string {
  return `RFC ${e.rfc} §Errata item ${e.index} (${e.label})`;
}

function describe(e: Erratum, file?: string): string {
  return `${file ?? e.targetPath}${e.section ? ` ${e.section}` : ''}`;
}
