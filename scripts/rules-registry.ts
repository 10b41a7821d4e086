import { didYouMean } from './core/did-you-mean.js';
import { FAMILIES } from './checks/registry.js';
import { UsageError } from './core/errors.js';
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
  rules: RuleMeta[];
}

export async function ruleGroups(): Promise<RuleGroup[]> {
  const families = await Promise.all(Object.values(FAMILIES).map((load) => load()));
  const [{ WIRE_COMMAND_RULES }, { PROBE_OWN_RULES }, { ERRATA_RULES }, { RULE_INFOS }, { EXCEPTION_RULES }] = await Promise.all([
    import('./wire/rules.js'),
    import('./probe/findings.js'),
    import('./errata/rules.js'),
    import('./compat/rules.js'),
    import('./core/exceptions.js'),
  ]);
  return [
    { command: 'every command (input)', rules: INPUT_RULES },
    ...families.map((f) => ({ command: `check ${f.name}`, rules: f.rules.map(defineRule) })),
    { command: 'check (exceptions)', rules: EXCEPTION_RULES },
    { command: 'wire (and probe)', rules: WIRE_COMMAND_RULES },
    { command: 'probe', rules: PROBE_OWN_RULES },
    { command: 'errata', rules: ERRATA_RULES },
    { command: 'compat', rules: RULE_INFOS },
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

/**
 * Checks the rule ids a config names and expands retired ids into the rules that replaced them
 * (an id set on its own wins over an alias). An unknown id is a configuration error, with the
 * nearest known id as a suggestion.
 */
export async function resolveConfiguredRules(
  severities: Readonly<Record<string, ConfiguredSeverity>>,
  where: (id: string) => string,
): Promise<Record<string, ConfiguredSeverity>> {
  const ids = Object.keys(severities);
  if (ids.length === 0) return {};
  const [rules, aliases] = await Promise.all([allRules(), ruleAliases()]);
  const known = new Set(rules.map((r) => r.id));
  const out: Record<string, ConfiguredSeverity> = {};
  // Every unknown id at once, one line each.
  const unknown = ids.filter((id) => !known.has(id) && !aliases[id]);
  if (unknown.length) {
    throw new UsageError(
      unknown
        .map((id) => {
          const near = didYouMean(id, [...known, ...Object.keys(aliases)]);
          return `${where(id)}: unknown rule "${id}"${near ? `; did you mean "${near}"?` : ''} (run "specgate list-rules")`;
        })
        .join('\n'),
    );
  }
  for (const id of ids) for (const target of aliases[id] ?? []) out[target] = severities[id]!;
  for (const id of ids) if (known.has(id)) out[id] = severities[id]!;
  return out;
}

export { didYouMean } from './core/did-you-mean.js';
