import { UsageError } from '../core/errors.js';
import type { Family } from '../core/rule.js';

/** Check families, loaded only when a run asks for them. */
export const FAMILIES: Record<string, () => Promise<Family>> = {
  'interop-map': async () => (await import('./interop-map/index.js')).family,
  invariants: async () => (await import('./invariants/index.js')).family,
  rfcs: async () => (await import('./rfcs/index.js')).family,
  'wire-examples': async () => (await import('./wire-examples/index.js')).family,
};

export async function loadFamilies(names: readonly string[]): Promise<Family[]> {
  const wanted = names.length ? names : Object.keys(FAMILIES);
  for (const n of wanted) {
    if (FAMILIES[n]) continue;
    const { didYouMeanHint } = await import('../core/did-you-mean.js');
    throw new UsageError(`unknown check family "${n}"${didYouMeanHint(n, Object.keys(FAMILIES))} (known: ${Object.keys(FAMILIES).join(', ')})`);
  }
  return Promise.all(wanted.map((n) => FAMILIES[n]!()));
}
