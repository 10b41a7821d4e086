import { UsageError } from '../base/errors.js';
import type { Layout, LayoutNeed } from '../preset/layout.js';
import type { Family } from './rule.js';

/**
 * What a check family says of itself, cheap to import (no rule is loaded): `check --help` and
 * the usage name the families from it, `check` refuses a root without what they `need`, the
 * pre-commit hook runs a family when one of its `inputs` is staged, and the editor re-checks it
 * when one of them changes. Every list of families is derived from these declarations.
 */
export interface FamilyFacts {
  /** The name `check <family>` takes, and the first part of its rule ids. */
  name: string;
  /** One sentence: what the family checks. */
  description: string;
  /** The parts of the layout without which the family has nothing to judge. */
  needs?: readonly LayoutNeed[];
  /**
   * The files it reads, as globs relative to the root. Absent: any governed file may matter, so
   * the hook runs it whenever anything governed is staged (checked too much rather than too little).
   */
  inputs?(layout: Layout): string[];
  /** It follows references by path (RFC `Affects`, invariant `tests` globs): a staged deletion anywhere can break it. */
  followsPaths?: boolean;
}

/** A family as the registry lists it: its facts, and its rules loaded only when a run asks for them. */
export interface FamilyDeclaration extends FamilyFacts {
  load(): Promise<Family>;
}

/** The files each family reads (FamilyFacts.inputs); a family that does not say reads every other family's inputs. */
export function familyInputs(families: readonly FamilyFacts[], layout: Layout): Record<string, string[]> {
  const declared = families.filter((f) => f.inputs).map((f) => [f.name, f.inputs!(layout)] as const);
  const every = [...new Set(declared.flatMap(([, globs]) => globs))];
  return Object.fromEntries(families.map((f) => [f.name, declared.find(([n]) => n === f.name)?.[1] ?? every]));
}

/** The families a staged deletion or rename may break (FamilyFacts.followsPaths). */
export function pathFollowingFamilies(families: readonly FamilyFacts[]): string[] {
  return families.filter((f) => f.followsPaths).map((f) => f.name);
}

/** What a set of families needs of the layout, together. */
export function familyNeeds(families: readonly FamilyFacts[]): LayoutNeed[] {
  return [...new Set(families.flatMap((f) => f.needs ?? []))];
}

/**
 * The families a run that names none runs: every known one but those the config turns off
 * (`families`). A name the config turns off that no family has is a usage error (a typo would
 * otherwise leave the family on, unnoticed); turning every family off leaves nothing to check.
 */
export async function familiesInForce(known: readonly string[], off: readonly string[] = [], where = 'specgate.config.json'): Promise<string[]> {
  for (const name of off) {
    if (known.includes(name)) continue;
    const { didYouMeanHint } = await import('../base/did-you-mean.js');
    throw new UsageError(`${where}: "families" turns off "${name}", which is no check family${didYouMeanHint(name, [...known])} (known: ${known.join(', ')})`);
  }
  const on = known.filter((n) => !off.includes(n));
  if (on.length === 0) throw new UsageError(`${where}: "families" turns every check family off, so there is nothing to check`);
  return on;
}
