import { jsonText } from '../reporters/json-text.js';
import type { LoadedConfig } from '../config/config.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import { presetLayout } from '../preset/layout.js';
import { childPointer } from '../model/pointer.js';
import { presetDefault } from '../engine/rule.js';
import type { RuleCatalog } from '../engine/rule-catalog.js';
import { resolveConfiguredRules } from '../engine/rule-catalog.js';

/**
 * `check --print-config` (ESLint's --print-config, for the whole run): the preset, each layout
 * entry, and every rule's severity, each with where it came from — `default`, `preset NAME`, the
 * config file's `file:line:column`, or `--rule`/`--preset`. Rules take no options in this model.
 */
export async function printConfig(config: LoadedConfig, cliRules: Readonly<Record<string, ConfiguredSeverity>>, catalog: RuleCatalog): Promise<string> {
  const preset = config.layout.preset;
  const fromFile = await resolveConfiguredRules(config.severities, config.ruleAt, catalog);
  const fromCli = await resolveConfiguredRules(cliRules, () => '--rule', catalog);
  // An id set through a retired alias is located at the alias's key.
  const aliasOf = new Map<string, string>();
  for (const [alias, to] of Object.entries(await catalog.aliases())) for (const t of to) if (config.severities[alias] !== undefined && config.severities[t] === undefined) aliasOf.set(t, alias);
  const base = presetLayout(preset);
  const layout: Record<string, { value: unknown; from: string }> = {};
  for (const [key, value] of Object.entries(config.layout)) {
    if (key === 'preset') continue;
    // The RFC process profile is a top-level key of the config file, beside `layout`.
    const at = config.keyAt?.(key === 'process' ? '/process' : childPointer('/layout', key));
    layout[key] = { value, from: at ?? (JSON.stringify(base[key as keyof typeof base]) === JSON.stringify(value) ? `preset ${preset}` : 'default') };
  }
  const rules: Record<string, { severity: string; from: string }> = {};
  for (const r of await catalog.rules()) {
    const cli = fromCli[r.id];
    const file = fromFile[r.id];
    if (cli !== undefined) rules[r.id] = { severity: shown(cli, r.defaultSeverity), from: '--rule' };
    else if (file !== undefined) rules[r.id] = { severity: shown(file, r.defaultSeverity), from: config.ruleAt(aliasOf.get(r.id) ?? r.id) };
    else {
      const atPreset = presetDefault(r, preset);
      rules[r.id] = { severity: atPreset, from: atPreset === r.defaultSeverity ? 'default' : `preset ${preset} (opt-in)` };
    }
  }
  const extra = Object.fromEntries(['ignores', 'overrides', 'exceptions'].filter((k) => config.raw?.[k] !== undefined).map((k) => [k, config.raw![k]]));
  const out = {
    configFile: config.file ?? null,
    preset: { value: preset, from: config.presetFrom ?? 'default' },
    layout,
    rules,
    ...extra,
  };
  return jsonText(out) + '\n';
}

/** `on` is shown with the severity it enables. */
function shown(s: ConfiguredSeverity, own: string): string {
  return s === 'on' ? `on (${own === 'off' ? 'warning' : own})` : s;
}
