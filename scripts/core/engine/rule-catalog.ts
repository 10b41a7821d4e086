import { dict, own } from '../base/dict.js';
import { didYouMean } from '../base/did-you-mean.js';
import { UsageError } from '../base/errors.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import type { RuleMeta } from './rule.js';

/**
 * Every rule a run may report, as the command hands it to core: the built-ins (rules-registry.ts)
 * and a repository's plugins. Core never loads a command's rules itself: a command passes its
 * catalogue, so `core/` imports nothing above it.
 */
export interface RuleCatalog {
  rules(): Promise<readonly RuleMeta[]>;
  /** Retired ids that configuration may still name, and the ids they stand for. */
  aliases(): Promise<Readonly<Record<string, readonly string[]>>>;
  /**
   * Whether the rules include those of the plugins the config names. When they do not (a run with
   * `--no-plugins`, a command that runs no plugin), an id no rule has may be a plugin's, so it
   * cannot be judged unknown: run-env's configuredSeverities lets it pass.
   */
  pluginsIncluded?: boolean;
  /** Set by configuredSeverities: ids no rule has are let pass (see pluginsIncluded). */
  unloadedPlugins?: boolean;
}

/** The catalogue with the rules of the plugins a run loaded. */
export function withPluginRules(base: RuleCatalog, more: readonly RuleMeta[]): RuleCatalog {
  return { rules: async () => [...(await base.rules()), ...more], aliases: () => base.aliases(), pluginsIncluded: true };
}

/**
 * Checks the rule ids a config names and expands retired ids into the rules that replaced them
 * (an id set on its own wins over an alias). An unknown id is a configuration error, with the
 * nearest known id as a suggestion; unless plugins the run does not load may declare it.
 */
export async function resolveConfiguredRules(
  severities: Readonly<Record<string, ConfiguredSeverity>>,
  where: (id: string) => string,
  catalog: RuleCatalog,
): Promise<Record<string, ConfiguredSeverity>> {
  const ids = Object.keys(severities);
  if (ids.length === 0) return dict();
  const [rules, aliases] = await Promise.all([catalog.rules(), catalog.aliases()]);
  const known = new Set(rules.map((r) => r.id));
  const out = dict<ConfiguredSeverity>();
  // Every unknown id at once, one line each.
  const unknown = catalog.unloadedPlugins ? [] : ids.filter((id) => !known.has(id) && !own(aliases, id));
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
  for (const id of ids) for (const target of own(aliases, id) ?? []) out[target] = severities[id]!;
  for (const id of ids) if (known.has(id) || !own(aliases, id)) out[id] = severities[id]!;
  return out;
}
