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
};

/** The one list of formats every command takes (its help, its check, the reporters above). */
export const FORMATS: readonly string[] = Object.keys(reporters);

/** Formats whose report has a place for the baseline's summary; the others' reports stay pure and it goes to stderr. */
export const BASELINE_IN_REPORT: ReadonlySet<string> = new Set(['stylish', 'compact', 'json']);

export async function loadReporter(name: string): Promise<Reporter> {
  const load = Object.hasOwn(reporters, name) ? reporters[name] : undefined;
  if (!load) {
    const { didYouMeanHint } = await import('../base/did-you-mean.js');
    throw new UsageError(`unknown format "${name}"${didYouMeanHint(name, FORMATS)} (known: ${FORMATS.join(', ')})`);
  }
  return load();
}
