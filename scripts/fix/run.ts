import { Corpus } from '../core/corpus.js';
import { runFamilies } from '../core/engine.js';
import type { ConfiguredSeverity, Finding } from '../core/findings.js';
import type { Layout } from '../core/layout.js';
import { OverlaySource } from '../core/overlay-source.js';
import type { Family } from '../core/rule.js';
import type { FileSource } from '../core/source.js';
import { planPass } from './plan.js';
import type { FixedFile } from './write.js';

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
  /** The findings left once exceptions, ignores and overrides are settled (core/exceptions.ts): an accepted finding is not fixed. */
  settle?: (findings: Finding[], corpus: Corpus) => Promise<Finding[]>;
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
    const findings = o.settle ? await o.settle(run.findings, corpus) : run.findings;
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
