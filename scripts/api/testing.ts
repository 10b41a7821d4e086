/**
 * `specgate/rules/testing`: runs a plugin's rules over files held in memory, the way `check` runs
 * them (the engine applies severities, locates each finding and names its section), and applies
 * their fixes as `check --fix` would. Framework-free: it returns findings and texts for the
 * test runner you use (vitest, node:test, …) to compare.
 */
import { Corpus } from '../core/corpus.js';
import { runFamilies } from '../core/engine.js';
import type { ConfiguredSeverity, Finding } from '../core/findings.js';
import { presetLayout } from '../core/layout.js';
import type { Layout } from '../core/layout.js';
import { OverlaySource } from '../core/overlay-source.js';
import type { Plugin, PluginFamily } from '../core/plugins.js';
import type { Rule } from '../core/rule.js';

export interface RuleRun {
  /** Repository-relative path → text: the whole repository the rules see. */
  files: Readonly<Record<string, string>>;
  /** The preset whose layout (and process) the run follows (default `specgate`). */
  preset?: string;
  /** Layout entries that differ from the preset's. */
  layout?: Partial<Omit<Layout, 'preset'>>;
  /** Severities by rule id, as specgate.config.json `rules` sets them. */
  rules?: Readonly<Record<string, ConfiguredSeverity>>;
}

export interface RuleRunResult {
  /** Every finding of the rules run, sorted by file, line and column. */
  findings: Finding[];
  /** The files after applying every finding's fix (the texts given when nothing is fixed). */
  output: Record<string, string>;
}

/**
 * Runs the rules of one plugin family (or only `rule` of it) over `files`. Findings of the
 * corpus itself (a file that cannot be parsed) come along, as in a check.
 */
export async function runRules(family: PluginFamily, run: RuleRun, rule?: Rule): Promise<RuleRunResult> {
  const source = new OverlaySource(undefined);
  for (const [file, text] of Object.entries(run.files)) source.set(file, text);
  const layout: Layout = { ...presetLayout(run.preset ?? 'specgate'), ...structuredClone(run.layout ?? {}) };
  const corpus = new Corpus(source, layout);
  corpus.useParseCache = false;
  const rules = rule ? [rule] : family.rules;
  const result = await runFamilies({
    corpus,
    families: [{ name: family.name, description: family.description, rules, primaryFile: family.primaryFile ?? (() => 'specgate.config.json') }],
    severities: { ...run.rules },
  });
  return { findings: result.findings, output: applyFixes(run.files, result.findings) };
}

/** Runs every family of a plugin over `files`. */
export async function runPlugin(plugin: Plugin, run: RuleRun): Promise<RuleRunResult> {
  const findings: Finding[] = [];
  for (const family of plugin.families) findings.push(...(await runRules(family, run)).findings);
  return { findings, output: applyFixes(run.files, findings) };
}

/** The texts with each finding's fix spliced in (non-overlapping edits, the first one wins, as one pass of --fix). */
function applyFixes(files: Readonly<Record<string, string>>, findings: readonly Finding[]): Record<string, string> {
  const byFile = new Map<string, Array<{ start: number; end: number; text: string }>>();
  for (const f of findings) {
    const edits = f.fix?.edits ?? [];
    const taken = (e: { file: string; start: number; end: number }) => (byFile.get(e.file) ?? []).some((x) => e.start < x.end && x.start < e.end);
    if (edits.some(taken)) continue;
    for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  }
  const out: Record<string, string> = { ...files };
  for (const [file, edits] of byFile) {
    let text = out[file] ?? '';
    for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
    out[file] = text;
  }
  return out;
}
