import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONFIG_FILE } from './config.js';
import { FatalError, UsageError } from '../base/errors.js';
import { plainRunNeeded, snapshotRun } from '../base/snapshot-run.js';
import type { FamilyDeclaration, FamilyFacts } from '../engine/family.js';
import type { RuleMeta } from '../engine/rule.js';
import type { RuleCatalog } from '../engine/rule-catalog.js';
import type { Family, Rule } from '../engine/rule.js';
import { defineRule } from '../engine/rule.js';
import { isInside } from '../io/source.js';
import { isPackageName } from '../base/package-spec.js';
import { uncacheable } from '../replay/observed-reads.js';

/**
 * A repository's own rules (docs/plugins.md): a module named in specgate.config.json `plugins`
 * whose default export is a Plugin. Its families run with the built-in ones, through the same
 * engine: located findings, severities, the baseline, every format, list-rules, the editor, --fix.
 * Loading one runs its code, as ESLint runs eslint.config.js: only when the config names it, and
 * never with --no-plugins.
 */
export interface Plugin {
  /** Shown in list-rules and in messages about the plugin. */
  name: string;
  families: PluginFamily[];
}

/** The commands whose families a plugin may add a family beside (reported by that command, given what its judge was given). */
export const PLUGIN_COMMANDS = ['wire', 'compat', 'errata'] as const;
export type PluginCommand = (typeof PLUGIN_COMMANDS)[number];

/** A plugin's family: its facts (FamilyFacts: name, inputs, needs) and its rules. */
export interface PluginFamily extends FamilyFacts {
  rules: Rule[];
  /**
   * The command that reports the family, when it is not `check`: `wire` (its rules are given the
   * captures), `compat` (the base side and the classified changes) or `errata` (the RFCs' errata),
   * as `ctx.given`; run after that command's own family, settled and reported with its findings.
   */
  command?: PluginCommand;
  /** The file a "visited nothing" finding is reported at (default: specgate.config.json). */
  primaryFile?: Family['primaryFile'];
}

export interface LoadedPlugins {
  /** Each plugin family as the registry lists a built-in one. */
  families: FamilyDeclaration[];
  /** Their rules' metadata, for the config's rule-id check and list-rules. */
  rules: RuleMeta[];
  /** The families another command reports (PluginFamily.command), by that command; `check` never runs them. */
  commandFamilies?: Array<{ command: PluginCommand; family: Family }>;
  /** Per plugin: its name, the spec the config gave, and its families' names. */
  plugins: Array<{ name: string; spec: string; families: string[] }>;
}

const NO_PLUGINS: LoadedPlugins = { families: [], rules: [], plugins: [] };

/**
 * Loads the plugins the config names, in order. `taken` are the family names already in use (the
 * built-ins): a plugin may not reuse one, nor a rule id. Every problem is a one-line usage error
 * naming the plugin, exit 2, before anything is checked.
 */
export async function loadPlugins(root: string, specs: readonly string[] | undefined, taken: readonly string[], builtinRules?: RuleCatalog): Promise<LoadedPlugins> {
  if (!specs?.length) return NO_PLUGINS;
  // A plugin is code: it may read anything, so its run is never replayed.
  uncacheable('plugins run');
  const out: LoadedPlugins = { families: [], rules: [], plugins: [] };
  const names = new Set(taken);
  // The first part of every built-in rule id is taken too: the reading rules' (parse, corpus,
  // limits), exceptions, and the families of wire, compat, probe and errata. A plugin family
  // "wire" would declare wire/binding-shape again, and its findings pass for the built-in rule's.
  for (const r of (await builtinRules?.rules()) ?? []) names.add(r.id.slice(0, r.id.indexOf('/')));
  const ids = new Set<string>();
  for (const spec of specs) {
    const file = resolvePlugin(root, spec);
    // Inside a startup snapshot (Node 20: no import() there), nothing is written yet: the plain CLI runs instead.
    if (snapshotRun.active) throw plainRunNeeded('plugins');
    let mod: { default?: unknown; plugin?: unknown };
    try {
      mod = (await import(pathToFileURL(file).href)) as typeof mod;
    } catch (e) {
      throw new UsageError(`plugin "${spec}" failed to load: ${firstLine(e)}`);
    }
    const plugin = checkPlugin(spec, mod.default ?? mod.plugin);
    const families: string[] = [];
    for (const fam of plugin.families) {
      const problem = familyProblem(fam, names, ids);
      if (problem) throw new UsageError(`plugin "${spec}": ${problem}`);
      names.add(fam.name);
      families.push(fam.name);
      for (const r of fam.rules) ids.add(r.id);
      out.rules.push(...fam.rules.map((r) => defineRule(r)));
      const { rules, primaryFile, command, ...facts } = fam;
      const family: Family = { name: fam.name, description: fam.description, rules: rules.map((r) => namingFailures(r, plugin.name, spec)), primaryFile: primaryFile ?? (() => CONFIG_FILE) };
      if (command !== undefined) (out.commandFamilies ??= []).push({ command, family });
      else out.families.push({ ...facts, load: async () => family });
    }
    out.plugins.push({ name: plugin.name, spec, families });
  }
  return out;
}

/**
 * A plugin's module file: `./path` inside the root (a regular file, its real path inside the
 * root's, so no symlink leads out), or an installed package resolved from the root as Node would.
 */
function resolvePlugin(root: string, spec: string): string {
  if (spec.startsWith('./')) {
    const file = path.resolve(root, spec);
    let real: string;
    try {
      real = realpathSync(file);
      if (!statSync(real).isFile()) throw new UsageError(`plugin "${spec}" is not a file`);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`plugin "${spec}" not found (a path is relative to the root, ${root})`);
    }
    if (!isInside(real, realpathSync(root))) throw new UsageError(`plugin "${spec}" leads out of the repository`);
    return real;
  }
  if (!isPackageName(spec)) throw new UsageError(`plugin "${spec}" is not a path starting with ./ nor a package name (a "." or ".." segment would lead out of node_modules)`);
  try {
    return createRequire(path.join(root, CONFIG_FILE)).resolve(spec);
  } catch {
    throw new UsageError(`plugin "${spec}" is not a path starting with ./ nor a package installed in ${root} (npm install ${spec})`);
  }
}

function checkPlugin(spec: string, value: unknown): Plugin {
  const p = value as Partial<Plugin> | undefined;
  if (!p || typeof p !== 'object' || typeof p.name !== 'string' || !Array.isArray(p.families)) {
    throw new UsageError(`plugin "${spec}" does not export a plugin (a default export { name, families }, see docs/plugins.md)`);
  }
  return p as Plugin;
}

function familyProblem(fam: PluginFamily, names: ReadonlySet<string>, ids: ReadonlySet<string>): string | undefined {
  if (!fam || typeof fam.name !== 'string' || !/^[a-z0-9-]+$/.test(fam.name)) return `a family's name must be kebab-case (got ${JSON.stringify(fam?.name)})`;
  if (names.has(fam.name)) return `family "${fam.name}" is already taken (a built-in family or an earlier plugin's)`;
  if (typeof fam.description !== 'string') return `family "${fam.name}" has no description`;
  if (!Array.isArray(fam.rules) || fam.rules.length === 0) return `family "${fam.name}" has no rules`;
  if (fam.command !== undefined && !(PLUGIN_COMMANDS as readonly unknown[]).includes(fam.command)) return `family "${fam.name}": "command" is one of ${PLUGIN_COMMANDS.join(', ')} (got ${JSON.stringify(fam.command)})`;
  for (const r of fam.rules) {
    if (typeof r?.id !== 'string' || !r.id.startsWith(`${fam.name}/`) || !/^[a-z0-9-]+\/[a-z0-9-]+$/.test(r.id)) return `rule ids of family "${fam.name}" look like "${fam.name}/subject-constraint" (got ${JSON.stringify(r?.id)})`;
    if (ids.has(r.id)) return `rule "${r.id}" is declared twice`;
    if (typeof r.rfc !== 'string' || typeof r.description !== 'string' || typeof r.run !== 'function') return `rule "${r.id}" needs rfc, description and run(ctx)`;
  }
  return undefined;
}

/**
 * The plugin's rule, whose failure is one line naming the plugin and the rule (exit 2), not an
 * internal error of specgate's: a user reading `internal error: boom` cannot tell whose code threw.
 */
function namingFailures(rule: Rule, plugin: string, spec: string): Rule {
  const run = rule.run;
  return {
    ...rule,
    async run(ctx) {
      try {
        await run.call(rule, ctx);
      } catch (e) {
        const who = plugin === spec ? `plugin "${plugin}"` : `plugin "${plugin}" (${spec})`;
        throw new FatalError(`${who}: rule ${rule.id} threw: ${firstLine(e)}`);
      }
    },
  };
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
}
