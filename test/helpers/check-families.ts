import { loadFamilies } from '../../scripts/checks/registry.js';
import { Corpus } from '../../scripts/core/parse/corpus.js';
import { runFamilies } from '../../scripts/core/engine/engine.js';
import type { ConfiguredSeverity, Finding } from '../../scripts/core/model/findings.js';
import { presetLayout } from '../../scripts/core/preset/layout.js';
import type { FileSource } from '../../scripts/core/io/source.js';

/**
 * Runs check families in-process over a source, as `specgate check` would. Not a rule test: for
 * properties of the whole check (one mistake gives one finding across every family, no false
 * positive on real upstream data, a family over this project's own corpus). A rule's cases run
 * that rule alone (scripts/core/engine/rule-tester.ts).
 */
export async function checkFindings(
  source: FileSource,
  opts: { families: string[]; preset?: string; options?: Record<string, unknown>; severities?: Record<string, ConfiguredSeverity> },
): Promise<Finding[]> {
  const corpus = new Corpus(source, presetLayout(opts.preset ?? 'specgate'));
  const families = await loadFamilies(opts.families);
  const result = await runFamilies({ corpus, families, options: opts.options ?? {}, severities: opts.severities ?? {} });
  return result.findings;
}
