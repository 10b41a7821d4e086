import path from 'node:path';
import type { Corpus } from '../core/corpus.js';
import { UsageError } from '../core/errors.js';
import type { Finding, RelatedLocation } from '../core/findings.js';
import { compareFindings } from '../core/findings.js';
import type { MarkdownDoc } from '../core/markdown.js';
import { parseMarkdown } from '../core/markdown.js';
import type { Range } from '../core/position.js';
import type { Verdict } from './judge.js';
import { judge } from './judge.js';
import type { RfcErrata } from './parse.js';
import { errataView, mentionsErrata, readRfcErrata } from './parse.js';
import type { Governance } from './target-path.js';
import { governanceFor, resolveTarget } from './target-path.js';
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
  for (const file of await selectRfcs(corpus, options.rfc)) {
    const text = corpus.markdownText(file);
    if (text === undefined) continue;
    const rfc = readRfcErrata(parseMarkdown(file, errataView(text)));
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
      report(run, { ruleId: 'errata/item-unreadable', file: rfc.file, range: item.item, message: `RFC ${rfc.rfc} §Errata item ${item.index} cannot be read: ${item.reason}` });
    }
    for (const erratum of rfc.errata) {
      if (!selected(erratum.index)) continue;
      const p = await planOne(corpus, run, erratum, gov);
      if (p) planned.push(p);
    }
  }
  // An item --item did not select is reported as already applied when it is, as without --item
  // (it needs no selecting); the others are left for later. Judged after the selected ones and
  // quietly: what judging it finds (its target's read problems included) belongs to a run that selects it.
  for (const erratum of run.rfcs.flatMap((rfc) => rfc.errata).filter((e) => !selected(e.index))) {
    const quiet: ErrataRun = { outcomes: [], findings: [], changes: [], preview: [], rfcs: [] };
    const problems = corpus.problems.length;
    await planOne(corpus, quiet, erratum, gov);
    corpus.problems.length = problems;
    const judged = quiet.outcomes[0];
    run.outcomes.push(judged?.status === 'already-applied' ? judged : { rfc: erratum.rfc, index: erratum.index, at: `${erratum.rfcFile}:${erratum.item.line}`, target: describe(erratum), op: erratum.op, status: 'left', detail: 'not selected with --item' });
  }
  const byFile = new Map<string, Planned[]>();
  for (const p of planned) {
    if (p.verdict.status !== 'apply') continue;
    byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  }
  const changes: FileChange[] = [];
  if (options.mode === 'apply') {
    for (const [file, edits] of byFile) {
      const change = spliceFile(run, file, edits);
      if (change) changes.push(change);
    }
  } else {
    const pending = planned.filter((p) => p.verdict.status === 'apply');
    for (const p of pending) notApplied(run, p, itemFlags(run, p.erratum.rfc, pending) + (options.hintFlags ?? ''));
  }
  const refused = run.outcomes.some((o) => o.status === 'refused' || o.status === 'unreadable');
  run.preview = changes;
  run.changes = refused ? [] : changes;
  run.outcomes.sort((a, b) => a.rfc.localeCompare(b.rfc) || a.index - b.index);
  run.findings.sort(compareFindings);
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
  return all.filter((f) => mentionsErrata(corpus.text(f) ?? ''));
}

async function planOne(corpus: Corpus, run: ErrataRun, erratum: Erratum, gov: Governance): Promise<Planned | undefined> {
  const outcome = (status: OutcomeStatus, detail: string, target = describe(erratum)) =>
    run.outcomes.push({ rfc: erratum.rfc, index: erratum.index, at: `${erratum.rfcFile}:${erratum.item.line}`, target, op: erratum.op, status, detail });
  const resolved = resolveTarget(erratum.targetPath, corpus.source, gov);
  if (!resolved.ok) {
    outcome('refused', resolved.message);
    report(run, { ruleId: resolved.ruleId, file: erratum.rfcFile, range: erratum.item, message: `${name(erratum)} refused: ${resolved.message}` });
    return undefined;
  }
  const file = resolved.file;
  const doc = await corpus.markdown(file);
  if (!doc) {
    outcome('refused', `${file} could not be read`);
    return undefined;
  }
  const verdict = judge(erratum, doc);
  const target = describe(erratum, file);
  if (verdict.status === 'refused') {
    outcome('refused', verdict.message, target);
    report(run, { ruleId: verdict.ruleId, file: erratum.rfcFile, range: erratum.item, message: `${name(erratum)} refused: ${verdict.message}`, related: verdict.related });
    return { erratum, file, real: resolved.real ?? path.join(corpus.root, file), governed: resolved.governed, doc, verdict };
  }
  checkHint(run, erratum, doc, verdict.from, verdict.to);
  const where = `${file}:${doc.lines.at(verdict.from).line}`;
  if (verdict.status === 'already-applied') outcome('already-applied', erratum.op === 'append' ? `${verdict.section.title} (${where}) has the paragraph` : `the new text is at ${where}`, target);
  else outcome('applicable', erratum.op === 'append' ? `appends a paragraph to ${verdict.section.title} (${where})` : `replaces the old text at ${where}`, target);
  return { erratum, file, real: resolved.real ?? path.join(corpus.root, file), governed: resolved.governed, doc, verdict };
}

/** A line hint that misses the located text is reported, never trusted: the section and the text decide. */
function checkHint(run: ErrataRun, erratum: Erratum, doc: MarkdownDoc, from: number, to: number): void {
  if (erratum.lineHint === undefined) return;
  const first = doc.lines.at(from).line;
  const last = doc.lines.at(Math.max(from, to - 1)).line;
  if (erratum.lineHint >= first && erratum.lineHint <= last) return;
  const where = first === last ? `line ${first}` : `lines ${first}–${last}`;
  report(run, {
    ruleId: 'errata/line-hint-off',
    severity: 'warning',
    file: erratum.rfcFile,
    range: erratum.hintRange ?? erratum.item,
    message: `${name(erratum)}: line hint :${erratum.lineHint} is off; the ${erratum.op === 'append' ? 'target' : 'text'} is at ${doc.file} ${where} (the section and the quoted text decide)`,
    related: [{ file: doc.file, ...doc.lines.range(from, to), message: 'located here' }],
  });
}

/** Splices one file's edits into its original text (last first) and re-parses to verify each. */
function spliceFile(run: ErrataRun, file: string, edits: Planned[]): FileChange | undefined {
  const before = edits[0]!.doc.text;
  const ordered = edits
    .map((p, order) => ({ p, order, splice: (p.verdict as { splice: Splice }).splice }))
    .sort((a, b) => a.splice.start - b.splice.start || a.splice.end - b.splice.end || a.order - b.order);
  for (let i = 1; i < ordered.length; i++) {
    const a = ordered[i - 1]!;
    const b = ordered[i]!;
    if (b.splice.start < a.splice.end) {
      for (const x of [a, b]) refuse(run, x.p, 'errata/edits-overlap', `${name(x.p.erratum)} refused: its edit overlaps ${name((x === a ? b : a).p.erratum)} in ${file}`);
      return undefined;
    }
  }
  let after = '';
  let cursor = 0;
  for (const { splice } of ordered) {
    after += before.slice(cursor, splice.start) + splice.text;
    cursor = splice.end;
  }
  after += before.slice(cursor);
  const reparsed = parseMarkdown(file, after);
  let ok = true;
  for (const { p } of ordered) {
    const again = judge(p.erratum, reparsed);
    if (again.status !== 'already-applied') {
      ok = false;
      refuse(run, p, 'errata/verify-failed', `${name(p.erratum)} refused: after splicing, ${file} re-parsed does not show it applied (${again.status === 'refused' ? again.message : 'it would apply again'})`);
    }
  }
  return ok ? { file, real: edits[0]!.real, governed: edits[0]!.governed, before, after } : undefined;
}

function refuse(run: ErrataRun, p: Planned, ruleId: string, message: string): void {
  const o = run.outcomes.find((x) => x.rfc === p.erratum.rfc && x.index === p.erratum.index);
  if (o) {
    o.status = 'refused';
    o.detail = message;
  }
  report(run, { ruleId, file: p.erratum.rfcFile, range: p.erratum.item, message });
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

function notApplied(run: ErrataRun, p: Planned, hintFlags: string): void {
  const v = p.verdict as Extract<Verdict, { status: 'apply' }>;
  const line = p.doc.lines.at(v.from).line;
  const what = p.erratum.op === 'append' ? `${v.section.title} has no such paragraph yet` : `${v.section.title} still has the old text at line ${line}`;
  const o = run.outcomes.find((x) => x.rfc === p.erratum.rfc && x.index === p.erratum.index);
  if (o) {
    o.status = 'not-applied';
    o.detail = `${p.file}: ${what}`;
  }
  report(run, {
    ruleId: 'errata/not-applied',
    file: p.erratum.rfcFile,
    range: p.erratum.item,
    message: `${name(p.erratum)} is not applied: ${p.file} ${what}; run \`specgate errata apply --rfc ${p.erratum.rfc}${hintFlags}\``,
    related: [{ file: p.file, ...p.doc.lines.range(v.from, v.to), message: p.erratum.op === 'append' ? 'the paragraph goes at the end of this' : 'the old text' }],
  });
}

function report(run: ErrataRun, r: { ruleId: string; file: string; range: Range; message: string; severity?: 'error' | 'warning'; related?: RelatedLocation[] }): void {
  run.findings.push({
    ruleId: r.ruleId,
    severity: r.severity ?? 'error',
    file: r.file,
    ...r.range,
    // The section is named by applySeverities (engine.ts), under the preset's process.
    message: r.message,
    ...(r.related?.length ? { related: r.related } : {}),
  });
}

function name(e: Erratum): string {
  return `RFC ${e.rfc} §Errata item ${e.index} (${e.label})`;
}

function describe(e: Erratum, file?: string): string {
  return `${file ?? e.targetPath}${e.section ? ` ${e.section}` : ''}`;
}
