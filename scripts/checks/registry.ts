import { UsageError } from '../core/base/errors.js';
import type { FamilyDeclaration, FamilyFacts } from '../core/engine/family.js';
import type { Family } from '../core/engine/rule.js';
import { interopMapFamily } from './interop-map/declaration.js';
import { invariantsFamily } from './invariants/declaration.js';
import { rfcsFamily } from './rfcs/declaration.js';
import { wireExamplesFamily } from './wire-examples/declaration.js';

/**
 * The built-in check families, in the order they run: each one's facts (cheap: no rule is
 * imported) and its rules, loaded only when a run asks for them. Every other list of families
 * (check's help and needs, the hook's inputs, the editor's re-checks, list-rules) is derived from this one.
 */
export const FAMILY_DECLARATIONS: readonly FamilyDeclaration[] = [
  { ...interopMapFamily, load: async () => (await import('./interop-map/index.js')).family },
  { ...invariantsFamily, load: async () => (await import('./invariants/index.js')).family },
  { ...rfcsFamily, load: async () => (await import('./rfcs/index.js')).family },
  { ...wireExamplesFamily, load: async () => (await import('./wire-examples/index.js')).family },
];

/** Check families by name, loaded only when a run asks for them. */
export const FAMILIES: Readonly<Record<string, () => Promise<Family>>> = Object.fromEntries(FAMILY_DECLARATIONS.map((d) => [d.name, d.load]));

/** The families a run names (all when none), built-ins and then a repository's plugins (`extra`); an unknown name is a usage error. */
export async function loadFamilies(names: readonly string[], extra: readonly FamilyDeclaration[] = []): Promise<Array<Family & FamilyFacts>> {
  const all = [...FAMILY_DECLARATIONS, ...extra];
  const wanted = names.length ? names : all.map((d) => d.name);
  const known = all.map((d) => d.name);
  for (const n of wanted) {
    if (known.includes(n)) continue;
    const { didYouMeanHint } = await import('../core/base/did-you-mean.js');
    throw new UsageError(`unknown check family "${n}"${didYouMeanHint(n, known)} (known: ${known.join(', ')})`);
  }
  return Promise.all(
    wanted.map(async (n) => {
      const { load, ...facts } = all.find((d) => d.name === n)!;
      return { ...facts, ...(await load()) };
    }),
  );
}
