import { Corpus } from '../parse/corpus.js';
import { runFamilies } from './engine.js';
import type { ConfiguredSeverity, Finding, TextEdit } from '../model/findings.js';
import type { Layout } from '../preset/layout.js';
import { OverlaySource } from '../io/overlay-source.js';
import type { Family } from './rule.js';
import type { FileSource } from '../io/source.js';
import { applyEdits } from './text-edits.js';
import type { FixedFile } from '../io/commit.js';

/*
 * The one fixer: the fixes findings carry, taken pass by pass over an in-memory overlay until none
 * is left (check --fix and --fix-dry-run); the editor applies the same edits as quick fixes.
 */

/** What one pass of fixing does to the texts it read. */
export interface FixPass<F = Finding> {
  /** New text per file (only files an accepted fix edits). */
  texts: Map<string, { before: string; after: string }>;
  /** Findings whose fix was taken. */
  applied: F[];
  /** Findings whose fix overlapped one taken before it: tried again on the next pass, over the new text. */
  deferred: F[];
}

/**
 * Takes the fixes of `findings` in file order, each whole or not at all, skipping one whose edits
 * overlap (or insert at the same place as) an edit already taken — as ESLint does, the skipped
 * ones come back on the next pass, computed afresh from the fixed text.
 */
export function planPass<F extends Pick<Finding, 'fix'> = Finding>(findings: readonly F[], textOf: (file: string) => string | undefined, opts: PassOptions = {}): FixPass<F> {
  const taken = new Map<string, TextEdit[]>();
  const applied: F[] = [];
  const deferred: F[] = [];
  const overlaps = opts.insertionsInOrder ? overlapsKeepingInsertions : overlapsAt;
  for (const f of findings) {
    const edits = f.fix?.edits;
    if (!edits?.length) continue;
    const clash = edits.some((e) => (taken.get(e.file) ?? []).some((t) => overlaps(t, e))) || edits.some((e, i) => edits.slice(i + 1).some((o) => o.file === e.file && overlaps(o, e)));
    if (clash) {
      deferred.push(f);
      continue;
    }
    if (edits.some((e) => textOf(e.file) === undefined)) continue; // the file went away: nothing to fix
    for (const e of edits) taken.set(e.file, [...(taken.get(e.file) ?? []), e]);
    applied.push(f);
  }
  const texts = new Map<string, { before: string; after: string }>();
  for (const [file, edits] of taken) {
    const before = textOf(file)!;
    const after = applyEdits(before, edits);
    if (after !== before) texts.set(file, { before, after });
  }
  return { texts, applied, deferred };
}

function overlapsAt(a: TextEdit, b: TextEdit): boolean {
  if (a.file !== b.file) return false;
  if (a.start === b.start) return true; // two insertions at one place: their order would be a guess
  return a.start < b.end && b.start < a.end;
}

/** Only ranges that share text clash: edits that meet at one offset go in the order of the findings (errata's appends to one section, in list order). */
function overlapsKeepingInsertions(a: TextEdit, b: TextEdit): boolean {
  return a.file === b.file && a.start < b.end && b.start < a.end;
}

export interface PassOptions {
  /**
   * Edits that meet at one offset (two insertions there, an insertion where a replacement starts)
   * are taken in the order of the findings rather than deferred: the caller's order is the
   * document's (errata apply: items appended to one section, in list order).
   */
  insertionsInOrder?: boolean;
}


/** Passes before giving up on fixes that keep producing new fixes (ESLint stops at 10 too). */
const MAX_PASSES = 10;

export interface FixRun {
  /** Files whose text the fixes change: before (as first read) and after every pass. */
  files: FixedFile[];
  /** Fixes applied, over all passes. */
  applied: number;
  passes: number;
  /** Files left alone because their bytes are not UTF-8 text that would be written back unchanged. */
  refused: string[];
}

export interface FixOptions {
  source: FileSource;
  layout: Layout;
  families: Family[];
  options: Record<string, unknown>;
  severities: Record<string, ConfiguredSeverity>;
  /** Which findings' fixes to apply (`--fix-type`, `--rule`). */
  wanted: (f: Finding) => boolean;
  useParseCache?: boolean;
  /** The findings left once exceptions, ignores and overrides are settled (core/config/exceptions.ts): an accepted finding is not fixed. */
  dropAccepted?: (findings: Finding[], corpus: Corpus) => Promise<Finding[]>;
}

/**
 * Checks, applies the fixes, checks the fixed texts again, until no wanted fix remains: all in
 * memory, over the source. Nothing is written here (write.ts does it, once, for every file).
 */
export async function computeFixes(o: FixOptions): Promise<FixRun> {
  const overlay = new OverlaySource(o.source);
  const originals = new Map<string, string>();
  const refused = new Set<string>();
  let applied = 0;
  let passes = 0;
  while (passes < MAX_PASSES) {
    const corpus = new Corpus(overlay, o.layout);
    if (o.useParseCache === false) corpus.useParseCache = false;
    const run = await runFamilies({ corpus, families: o.families, options: o.options, severities: o.severities });
    const findings = o.dropAccepted ? await o.dropAccepted(run.findings, corpus) : run.findings;
    const wanted = findings.filter((f) => f.fix && o.wanted(f) && !f.fix.edits.some((e) => refused.has(e.file)));
    if (wanted.length === 0) break;
    passes++;
    const pass = planPass(wanted, (file) => corpus.cachedText(file) ?? overlay.text(file));
    let changed = false;
    for (const [file, { before, after }] of pass.texts) {
      if (!originals.has(file)) {
        if (!roundTrips(o.source, file, before)) {
          refused.add(file);
          continue;
        }
        originals.set(file, before);
      }
      overlay.set(file, after);
      changed = true;
    }
    applied += pass.applied.filter((f) => !f.fix!.edits.some((e) => refused.has(e.file))).length;
    if (!changed) break;
  }
  const files: FixedFile[] = [];
  for (const [file, before] of originals) {
    const after = overlay.text(file)!;
    if (after !== before) files.push({ file, before, after });
  }
  return { files, applied, passes, refused: [...refused] };
}

/** Whether the file's bytes are exactly its text written back as UTF-8 (no invalid sequence would be replaced). */
function roundTrips(source: FileSource, file: string, text: string): boolean {
  const got = source.read(file);
  return got.ok && Buffer.from(text, 'utf8').equals(got.bytes);
}
