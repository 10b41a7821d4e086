import type { BaselineSummary } from '../model/findings.js';
import { printable } from '../base/printable.js';

/** One line per baseline fact, for a report's summary or stderr; file names escaped as every reporter's text. */
export function baselineLines(b: BaselineSummary): string[] {
  const lines: string[] = [];
  if (b.wrote) lines.push(`wrote ${b.file}: ${b.wrote.entries} ${b.wrote.entries === 1 ? 'entry' : 'entries'} (file and rule id, with a count)`);
  if (b.suppressed) lines.push(`${b.suppressed} known ${b.suppressed === 1 ? 'error' : 'errors'} suppressed by ${b.file}`);
  if (b.prunable.length) {
    const shown = b.prunable.slice(0, 5).map((p) => `${p.file} ${p.ruleId}: ${p.recorded} recorded, ${p.found} found`);
    lines.push(`${b.prunable.length} suppression ${b.prunable.length === 1 ? 'count is' : 'counts are'} higher than what was found (fixed); run with --prune-suppressions to lower ${b.prunable.length === 1 ? 'it' : 'them'}: ${shown.join('; ')}${b.prunable.length > 5 ? '; …' : ''}`);
  }
  return lines.map((l) => printable(l));
}
