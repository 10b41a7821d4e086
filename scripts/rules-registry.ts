import { FAMILIES } from './checks/registry.js';
import type { RuleCatalog } from './core/engine/rule-catalog.js';
import { resolveConfiguredRules as resolveCatalogRules } from './core/engine/rule-catalog.js';
import type { ConfiguredSeverity } from './core/model/findings.js';
import type { CommandFamily } from './core/engine/rule-tester.js';
import { commandFamilies, readingFamily } from './families.js';
import type { RuleMeta } from './core/engine/rule.js';
import { defineRule } from './core/engine/rule.js';

/*
 * Every rule of every command, gathered in one place: `list-rules`, docs/rules.md and the
 * config's rule-id check read it. The groups are the families (checks/registry.ts and
 * families.ts), none listed here; a new rule goes beside its family's code and appears here by itself.
 */

export interface RuleGroup {
  /** The command (and check family) whose findings these are, e.g. `check rfcs`, `compat`. */
  command: string;
  /** The page of docs/rules/ that shows these rules' examples (`<page>.md`): the family, or the command. */
  page?: string;
  rules: RuleMeta[];
  /** For a command other than check: what its rules' examples stand for (the command's example driver runs them). */
  examples?: string;
}

export async function ruleGroups(): Promise<RuleGroup[]> {
  const [checks, input, others] = await Promise.all([Promise.all(Object.values(FAMILIES).map((load) => load())), readingFamily(), commandFamilies()]);
  const group = (f: CommandFamily): RuleGroup => ({ command: f.group, page: f.page, rules: [...f.rules], ...(f.examplesNote ? { examples: f.examplesNote } : {}) });
  return [group(input), ...checks.map((f) => ({ command: `check ${f.name}`, page: f.name, rules: f.rules.map(defineRule) })), ...others.map(group)];
}

export async function allRules(): Promise<RuleMeta[]> {
  return (await ruleGroups()).flatMap((g) => g.rules);
}

/** Retired ids that configuration may still name, and the ids they stand for. */
export async function ruleAliases(): Promise<Record<string, string[]>> {
  const { COMPAT_ALIASES } = await import('./compat/rules.js');
  return { ...COMPAT_ALIASES };
}

/** The built-in rules, as a command hands them to core (run-env's configuredSeverities). */
export const BUILTIN_RULES: RuleCatalog = { rules: allRules, aliases: ruleAliases };

/** The config's rule ids checked against the built-in rules (core/engine/rule-catalog.ts). */
export function resolveConfiguredRules(severities: Readonly<Record<string, ConfiguredSeverity>>, where: (id: string) => string): Promise<Record<string, ConfiguredSeverity>> {
  return resolveCatalogRules(severities, where, BUILTIN_RULES);
}

export { didYouMean } from './core/base/did-you-mean.js';
