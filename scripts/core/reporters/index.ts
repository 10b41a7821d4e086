import { UsageError } from '../base/errors.js';
import type { Reporter } from './types.js';

const reporters: Record<string, () => Promise<Reporter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  compact: async () => (await import('./compact.js')).compact,
  json: async () => (await import('./json.js')).json,
  sarif: async () => (await import('./sarif.js')).sarif,
  github: async () => (await import('./github.js')).github,
  junit: async () => (await import('./junit.js')).junit,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
  markdown: async () => (await import('./markdown.js')).markdown,
  html: async () => (await import('./html.js')).html,
};

/** The one list of formats every command takes (its help, its check, the reporters above). */
export const FORMATS: readonly string[] = Object.keys(reporters);

/** Formats whose report has a place for the baseline's summary; the others' reports stay pure and it goes to stderr. */
export const BASELINE_IN_REPORT: ReadonlySet<string> = new Set(['stylish', 'compact', 'json', 'markdown', 'html']);

/**
 * Formats that render a result with no findings part, its sections alone (`report`: a corpus's
 * state). The others exist to carry findings to a consumer of findings (code scanning, workflow
 * annotations, test results, code quality, editors' jump lists) and refuse such a result with a
 * one-line error (docs/decisions/report-formats.md).
 */
export const STATE_FORMATS: ReadonlySet<string> = new Set(['stylish', 'json', 'markdown', 'html']);

/** Other names of formats of the list, accepted by every command: `text` is stylish (report's name for its tables). */
const ALIASES: Readonly<Record<string, string>> = { text: 'stylish' };

/** The format a name asks for (an alias resolved; an unknown name as given, for loadReporter's error). */
export function formatName(name: string): string {
  return Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
}

export async function loadReporter(name: string): Promise<Reporter> {
  const load = Object.hasOwn(reporters, name) ? reporters[name] : undefined;
  if (!load) {
    const { didYouMeanHint } = await import('../base/did-you-mean.js');
    throw new UsageError(`unknown format "${name}"${didYouMeanHint(name, FORMATS)} (known: ${FORMATS.join(', ')})`);
  }
  return load();
}
