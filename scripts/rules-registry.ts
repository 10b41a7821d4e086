import { FAMILIES } from './checks/registry.js';
import type { RuleCatalog } from './core/rule-catalog.js';
import { resolveConfiguredRules as resolveCatalogRules } from './core/rule-catalog.js';
import type { ConfiguredSeverity } from './core/findings.js';
import { INPUT_RULES } from './core/input-rules.js';
import type { RuleMeta } from './core/rule.js';
import { defineRule } from './core/rule.js';

/*
 * Every rule of every command, gathered in one place: `list-rules`, docs/rules.md and the
 * config's rule-id check read it. Each command declares its own rules beside its code (a check
 * family's rule files, wire/rules.ts, compat/rules.ts, errata/rules.ts, probe/findings.ts); a
 * new rule goes there and appears here by itself.
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
  const families = await Promise.all(Object.values(FAMILIES).map((load) => load()));
  const [{ WIRE_COMMAND_RULES }, { PROBE_OWN_RULES }, { ERRATA_RULES }, { RULE_INFOS }, { EXCEPTION_RULES, EXCEPTIONS_EXAMPLES_NOTE }, { WIRE_EXAMPLES_NOTE }, { PROBE_EXAMPLES_NOTE }, { ERRATA_EXAMPLES_NOTE }] = await Promise.all([
    import('./wire/rules.js'),
    import('./probe/findings.js'),
    import('./errata/rules.js'),
    import('./compat/rules.js'),
    import('./core/exceptions.js'),
    import('./wire/rule-examples.js'),
    import('./probe/rule-examples.js'),
    import('./errata/rule-examples.js'),
  ]);
  return [
    { command: 'every command (input)', page: 'input', rules: INPUT_RULES },
    ...families.map((f) => ({ command: `check ${f.name}`, page: f.name, rules: f.rules.map(defineRule) })),
    { command: 'check (exceptions)', page: 'exceptions', rules: EXCEPTION_RULES, examples: EXCEPTIONS_EXAMPLES_NOTE },
    { command: 'wire (and probe)', page: 'wire', rules: WIRE_COMMAND_RULES, examples: WIRE_EXAMPLES_NOTE },
    { command: 'probe', page: 'probe', rules: PROBE_OWN_RULES, examples: PROBE_EXAMPLES_NOTE },
    { command: 'errata', page: 'errata', rules: ERRATA_RULES, examples: ERRATA_EXAMPLES_NOTE },
    { command: 'compat', page: 'compat', rules: RULE_INFOS },
  ];
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

/** The config's rule ids checked against the built-in rules (core/rule-catalog.ts). */
export function resolveConfiguredRules(severities: Readonly<Record<string, ConfiguredSeverity>>, where: (id: string) => string): Promise<Record<string, ConfiguredSeverity>> {
  return resolveCatalogRules(severities, where, BUILTIN_RULES);
}

export { didYouMean } from './core/did-you-mean.js';
