import { UsageError } from '../errors.js';
import type { Reporter } from './types.js';

const reporters: Record<string, () => Promise<Reporter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  compact: async () => (await import('./compact.js')).compact,
  json: async () => (await import('./json.js')).json,
  github: async () => (await import('./github.js')).github,
  sarif: async () => (await import('./sarif.js')).sarif,
  junit: async () => (await import('./junit.js')).junit,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
};

const FORMATS = Object.keys(reporters);

export async function loadReporter(name: string): Promise<Reporter> {
  const load = Object.hasOwn(reporters, name) ? reporters[name] : undefined;
  if (!load) {
    const { didYouMeanHint } = await import('../did-you-mean.js');
    throw new UsageError(`unknown format "${name}"${didYouMeanHint(name, FORMATS)} (known: ${FORMATS.join(', ')})`);
  }
  return load();
}
