import type { LoadedConfig } from './config/config.js';
import { CONFIG_FILE, loadConfig } from './config/config.js';
import { Corpus } from './parse/corpus.js';
import type { ParseMemo } from './parse/corpus.js';
import { runFamilies } from './engine/engine.js';
import { exceptionsInPlay, applyExceptions } from './config/exceptions.js';
import type { FamilyDeclaration, FamilyFacts } from './engine/family.js';
import { familiesInForce } from './engine/family.js';
import type { CheckResult, ConfiguredSeverity, Finding } from './model/findings.js';
import { READING_RULES } from './engine/reading-rules.js';
import type { LoadedPlugins } from './config/plugins.js';
import { loadPlugins } from './config/plugins.js';
import type { RuleCatalog } from './engine/rule-catalog.js';
import { withPluginRules } from './engine/rule-catalog.js';
import type { Family } from './engine/rule.js';
import { defineRule } from './engine/rule.js';
import type { CommonValues } from './cli/run-env.js';
import { configuredSeverities, openRoot, requireRootLayout } from './cli/run-env.js';
import type { Layout, LayoutNeed } from './preset/layout.js';
import { presetLayout } from './preset/layout.js';
import type { FileSource } from './io/source.js';
import type { BaselineOptions, InScope, Suppressions } from './config/suppressions.js';
import { applyBaseline, applySuppressions, baselineWanted, MAX_SUPPRESSIONS_BYTES, parseSuppressions, runScope, SUPPRESSIONS_FILE } from './config/suppressions.js';
import { pathKind } from './replay/observed-reads.js';
import path from 'node:path';

/**
 * What the faces hand the session from above core/ (core imports no rule and no family): the
 * built-in rule catalogue and family declarations, and the loader of a run's families.
 */
export interface Builtins {
  catalog: RuleCatalog;
  /** The built-in check families (a command that runs none, as errata or wire, hands none). */
  declarations?: readonly FamilyDeclaration[];
  loadFamilies?(names: readonly string[], extra: readonly FamilyDeclaration[]): Promise<Array<Family & FamilyFacts>>;
  /**
   * Rules of another command whose entries share the baseline file (errata check's): this face's
   * runs neither use them up nor prune them. Loaded only when a baseline is read.
   */
  notJudged?(): Promise<(ruleId: string) => boolean>;
}

/** What a face asks of a run's result before the baseline settles it (`Session.finish`). */
export interface Narrowing {
  /** Only the findings in these files (the paths and globs of the command line); the baseline judges only them too. */
  files?: (file: string) => boolean;
  /** Only the findings kept (a commit's own, and every error: `check --changed`). */
  keep?: (finding: Finding) => boolean;
}

export interface SessionOptions {
  builtins: Builtins;
  /** false: the configuration's plugins are not loaded (`--no-plugins`; a plugin is code). */
  plugins?: boolean;
  /** Severities that win over the configuration's for this run (`--rule ID:SEVERITY`), checked like its ids. */
  ruleOverrides?: Record<string, ConfiguredSeverity>;
  /** With --staged: the files the run will read, by the layout (fetched from the index in one git process). */
  reads?: (layout: Layout) => readonly string[];
}

/** A run of families through the session: what it found, settled by the exceptions, and what each family read. */
export interface SessionRun {
  result: CheckResult;
  /** Every file a family read or found something in: the baseline judges only what the run could see. */
  read: Set<string>;
  familyOf: Map<Finding, string>;
}

/**
 * The one pipeline every face calls (ESLint's `ESLint` class): configuration → plugins and the rule
 * catalogue → severities → source → corpus → families → exceptions → result. `check` and its
 * `--fix` (the fixer settles through it, never through a command) run through it; a command parses
 * its flags, asks the session, and picks an output (core/cli/run-env.ts emit).
 */
export class Session {
  private constructor(
    readonly root: string,
    readonly source: FileSource,
    readonly config: LoadedConfig,
    readonly plugins: LoadedPlugins,
    /** The rules the configuration may name: the built-ins and, unless plugins are off, the plugins'. */
    readonly catalog: RuleCatalog,
    private readonly builtins: Builtins,
    private readonly ruleOverrides: Record<string, ConfiguredSeverity>,
  ) {}

  private resolved: Record<string, ConfiguredSeverity> | undefined;

  /**
   * The configuration's severities with the run's overrides, each id checked against the catalogue
   * (all unknown ones at once). Asked after the command has checked its families and layout, so
   * those errors come first, as they always did.
   */
  async resolveSeverities(): Promise<Record<string, ConfiguredSeverity>> {
    this.resolved ??= { ...(await configuredSeverities(this.config, this.catalog)), ...(await configuredSeverities({ severities: this.ruleOverrides, ruleAt: () => '--rule' }, this.catalog)) };
    return this.resolved;
  }

  get severities(): Record<string, ConfiguredSeverity> {
    if (!this.resolved) throw new Error('session: severities asked before resolveSeverities()');
    return this.resolved;
  }

  /** Root, configuration and source (the working tree, or the index with --staged), plugins and the catalogue. */
  static async open(values: CommonValues, opts: SessionOptions): Promise<Session> {
    const { builtins } = opts;
    const opened = await openRoot(values, [], opts.reads);
    const plugins = await loadPlugins(opened.root, opts.plugins === false ? [] : opened.config.plugins, (builtins.declarations ?? []).map((d) => d.name), builtins.catalog);
    const catalog = opts.plugins === false ? builtins.catalog : withPluginRules(builtins.catalog, plugins.rules);
    return new Session(opened.root, opened.source, opened.config, plugins, catalog, builtins, opts.ruleOverrides ?? {});
  }

  /**
   * A session over a source the face holds itself (the editor's buffers laid over the tree): its
   * configuration is read from that source, and plugins the face loaded once are reused (`loaded`).
   */
  static async over(source: FileSource, opts: SessionOptions & { loaded?: LoadedPlugins }): Promise<Session> {
    const { builtins } = opts;
    const config = loadConfig(source.root, {}, source);
    const plugins = opts.loaded ?? (await loadPlugins(source.root, opts.plugins === false ? [] : config.plugins, (builtins.declarations ?? []).map((d) => d.name), builtins.catalog));
    const catalog = opts.plugins === false ? builtins.catalog : withPluginRules(builtins.catalog, plugins.rules);
    return new Session(source.root, source, config, plugins, catalog, builtins, opts.ruleOverrides ?? {});
  }

  /** A session under no configuration (the default preset's layout and severities): the editor's, while its configuration does not load. */
  static unconfigured(source: FileSource, opts: SessionOptions & { loaded?: LoadedPlugins }): Session {
    const config: LoadedConfig = { layout: presetLayout('specgate'), severities: {}, ruleAt: () => CONFIG_FILE, presetFrom: 'default' };
    const plugins = opts.loaded ?? { families: [], rules: [], plugins: [] };
    const catalog = opts.plugins === false ? opts.builtins.catalog : withPluginRules(opts.builtins.catalog, plugins.rules);
    return new Session(source.root, source, config, plugins, catalog, opts.builtins, {});
  }

  get layout(): Layout {
    return this.config.layout;
  }

  /**
   * The families a run names, else every family the configuration has not turned off (`families`):
   * the built-ins, then the plugins'.
   */
  async families(names: readonly string[]): Promise<Array<Family & FamilyFacts>> {
    if (!this.builtins.loadFamilies) throw new Error('session: this face runs no check family');
    return this.builtins.loadFamilies(await this.familiesInForce(names), this.plugins.families);
  }

  /** The names of the families a run names, else of every family the configuration has not turned off. */
  familiesInForce(names: readonly string[]): Promise<string[]> | string[] {
    return names.length ? [...names] : familiesInForce(this.familyNames, this.config.familiesOff, this.config.file);
  }

  /** The families of the plugins the configuration names that `command` (every other command, when none is named) reports beside its own (PluginFamily.command). */
  commandFamilies(command?: string): Family[] {
    return (this.plugins.commandFamilies ?? []).filter((f) => command === undefined || f.command === command).map((f) => f.family);
  }

  /** The names of every family the session knows, built-in and plugin. */
  get familyNames(): string[] {
    return [...(this.builtins.declarations ?? []).map((d) => d.name), ...this.plugins.families.map((d) => d.name)];
  }

  /** A corpus over the session's source (or another laid over it: the editor's buffers, `--stdin`). */
  corpus(source: FileSource = this.source, opts: { memo?: ParseMemo; useParseCache?: boolean } = {}): Corpus {
    const corpus = new Corpus(source, this.layout, opts.memo);
    if (opts.useParseCache === false) corpus.useParseCache = false;
    return corpus;
  }

  /** A corpus with unsaved text laid over another's source (`check --stdin`; the editor lays its buffers over the tree the same way). */
  async overlaid(base: Corpus, rel: string, text: string): Promise<Corpus> {
    const { OverlaySource } = await import('./io/overlay-source.js');
    const overlay = new OverlaySource(base.source);
    overlay.set(rel, text);
    return this.corpus(overlay, { useParseCache: base.useParseCache });
  }

  /** Runs the families over the corpus and settles their findings by the configuration's exceptions. */
  async run(o: { corpus: Corpus; families: Family[]; options?: Record<string, unknown>; reportUnused?: boolean; onRuleTimed?: (family: string, rule: string, ms: number) => void }): Promise<SessionRun> {
    const read = new Set<string>();
    const familyOf = new Map<Finding, string>();
    const onFamilyDone = (family: string, files: ReadonlySet<string>, found: readonly Finding[]) => {
      for (const f of files) read.add(f);
      for (const f of found) {
        read.add(f.file);
        familyOf.set(f, family);
      }
    };
    // The family findings cache (core/engine/family-cache.ts): built-in families only (a plugin's code may
    // read anything), never with --map (a path outside what the corpus answers), never with --no-cache.
    const store = o.options?.map === undefined ? o.corpus.cache : undefined;
    const findingsCache = store ? { store, families: new Set((this.builtins.declarations ?? []).map((d) => d.name)) } : undefined;
    const found = await runFamilies({ corpus: o.corpus, families: o.families, options: o.options ?? {}, severities: await this.resolveSeverities(), onFamilyDone, ...(o.onRuleTimed ? { onRuleTimed: o.onRuleTimed } : {}), ...(findingsCache ? { findingsCache } : {}) });
    const result = await this.applyExceptions(found, { corpus: o.corpus, read, families: o.families, familyOf, reportUnused: o.reportUnused !== false });
    return { result, read, familyOf };
  }

  /**
   * The last steps of the pipeline, the same for every face: the result narrowed to what the face
   * asked for (files named, a commit's own findings), then settled by the baseline
   * (specgate-suppressions.json, from the index with --staged), which judges only what the run could
   * see: the files it read, the rules of the families that ran (the others' entries are left alone,
   * so their ids are loaded only when there is a baseline), never another command's rules.
   */
  async finish(ran: SessionRun, o: Narrowing & { corpus: Corpus; families: readonly Family[]; baseline: BaselineOptions }): Promise<CheckResult> {
    let result = ran.result;
    if (o.files) result = narrow(result, (f) => o.files!(f.file), ran.familyOf);
    if (o.keep) result = narrow(result, o.keep, ran.familyOf);
    if (!baselineWanted(o.corpus, o.baseline)) return this.baseline(result, { corpus: o.corpus, values: o.baseline, familyOf: ran.familyOf });
    const ids = (list: readonly Family[]) => new Set(list.flatMap((f) => f.rules.map((r) => defineRule(r).id)));
    const others = this.familyNames.filter((n) => !o.families.some((f) => f.name === n));
    const notRun = ids(others.length ? await this.families(others) : []);
    const scope = runScope(ids(o.families), notRun, ran.read, (file) => pathKind(path.join(o.corpus.root, file)) !== 'absent');
    const notJudged = this.builtins.notJudged ? await this.builtins.notJudged() : undefined;
    // The rules of the plugins' families beside another command (errata check's, say) are that command's entries.
    const otherCommands = ids(this.commandFamilies());
    const inScope: InScope = (file, ruleId) => !notJudged?.(ruleId) && !otherCommands.has(ruleId) && (!o.files || o.files(file)) && scope(file, ruleId);
    return this.baseline(result, { corpus: o.corpus, values: o.baseline, inScope, familyOf: ran.familyOf });
  }

  /**
   * The baseline step (core/config/suppressions.ts): the suppressions file read (and written, when
   * asked), the recorded errors hidden within `inScope`. A command that runs its own rules (errata
   * check) calls it with its own scope.
   */
  async baseline(result: CheckResult, o: { corpus: Corpus; values: BaselineOptions; inScope?: InScope; familyOf?: ReadonlyMap<Finding, string> }): Promise<CheckResult> {
    return applyBaseline(result, o.corpus, o.values, { ...(o.inScope ? { inScope: o.inScope } : {}), familyOf: (f) => o.familyOf?.get(f) });
  }

  /**
   * The baseline as the editor applies it, one file at a time: that file's recorded errors hidden
   * while there are no more than recorded, as `check` hides them (`never`: guards, never hidden).
   * The file is read from the session's source (the editor's buffers); unreadable or absent, nothing
   * is hidden: the editor shows what `check` would fail on.
   */
  hideRecorded<F extends Finding>(file: string, findings: readonly F[], never: ReadonlySet<Finding>): F[] {
    const recorded = this.recorded();
    if (!Object.hasOwn(recorded, file)) return [...findings];
    return applySuppressions([...findings], { [file]: recorded[file]! }, undefined, never).findings as F[];
  }

  private recorded(): Suppressions {
    const got = this.source.read(SUPPRESSIONS_FILE);
    if (!got.ok || got.bytes.length > MAX_SUPPRESSIONS_BYTES) return {};
    try {
      return parseSuppressions(SUPPRESSIONS_FILE, got.bytes.toString('utf8'));
    } catch {
      return {};
    }
  }

  /**
   * Runs the families over the corpus and settles each family's findings on its own (the editor
   * keeps them per family, and re-runs only the families a change concerns).
   */
  async runByFamily(o: { corpus: Corpus; families: Family[]; options?: Record<string, unknown> }): Promise<{ result: CheckResult; byFamily: Array<{ name: string; files: ReadonlySet<string>; findings: readonly Finding[] }> }> {
    const done: { name: string; files: ReadonlySet<string>; findings: readonly Finding[] }[] = [];
    const result = await runFamilies({ corpus: o.corpus, families: o.families, options: o.options ?? {}, severities: await this.resolveSeverities(), onFamilyDone: (name, files, findings) => void done.push({ name, files: new Set(files), findings }) });
    const byFamily = [];
    for (const { name, files, findings } of done) {
      const family = o.families.filter((f) => f.name === name);
      const settled = await this.applyExceptions({ findings: [...findings], families: [] }, { corpus: o.corpus, read: files, families: family, familyOf: new Map(), reportUnused: true });
      byFamily.push({ name, files, findings: settled.findings });
    }
    return { result, byFamily };
  }

  /** The findings left once the configuration's ignores, overrides and exceptions accept theirs (the fixer fixes none of those). */
  async dropAccepted(findings: Finding[], corpus: Corpus, families: Family[]): Promise<Finding[]> {
    return (await this.applyExceptions({ findings, families: [] }, { corpus, read: new Set(corpus.filesRead), families, familyOf: new Map(), reportUnused: false })).findings;
  }

  /**
   * The config's ignores, overrides and exceptions, and the Markdown files' disable comments
   * (core/config/exceptions.ts), settled before the baseline counts what is left. Loaded only when the
   * config has any or a file the run read mentions one.
   */
  async applyExceptions(result: CheckResult, ctx: { corpus: Corpus; read: ReadonlySet<string>; families: readonly Family[]; familyOf: ReadonlyMap<Finding, string>; reportUnused: boolean }): Promise<CheckResult> {
    if (!exceptionsInPlay(this.config.raw, ctx.read, (f) => ctx.corpus.cachedText(f) ?? ctx.corpus.text(f))) return result;
    const ran = new Set([...READING_RULES.map((r) => r.id), ...ctx.families.flatMap((f) => f.rules.map((r) => defineRule(r).id))]);
    const known = new Set((await this.catalog.rules()).map((r) => r.id));
    const settled = await applyExceptions(result, { corpus: ctx.corpus, config: this.config, severities: await this.resolveSeverities(), read: ctx.read, ran, known, reportUnused: ctx.reportUnused });
    return settled === result ? result : recount(settled, ctx.familyOf);
  }
}

/**
 * The session of a command whose family has a judge of its own (errata, wire, compat, probe): the
 * layout must hold what the command `needs`, and the severities are resolved against `catalog`
 * and, when `plugins` is true (wire, compat, errata without --no-plugins), the rules of the
 * plugins the configuration names, whose families of that command's kind it runs too.
 */
export async function commandSession(values: CommonValues, needs: readonly LayoutNeed[], catalog: RuleCatalog, opts: { plugins?: boolean } = {}): Promise<Session> {
  const session = await Session.open(values, { builtins: { catalog }, plugins: opts.plugins === true });
  await requireRootLayout(values, session, needs);
  await session.resolveSeverities();
  return session;
}

/** The findings kept; each family's row counts only those. */
function narrow(result: CheckResult, keep: (f: Finding) => boolean, familyOf: ReadonlyMap<Finding, string>): CheckResult {
  const findings = result.findings.filter(keep);
  const withheld = result.withheld?.filter((w) => keep(w.finding));
  return recount({ ...result, findings, ...(withheld ? { withheld } : {}) }, familyOf);
}

/** Each family's row counts the findings left of those it found (after exceptions or a narrowing to some files). */
export function recount(result: CheckResult, familyOf: ReadonlyMap<Finding, string>): CheckResult {
  const findings = result.findings;
  const families = result.families.map((s) => {
    const own = findings.filter((f) => familyOf.get(f) === s.family);
    return { ...s, errors: own.filter((f) => f.severity === 'error').length, warnings: own.filter((f) => f.severity === 'warning').length };
  });
  return { ...result, families };
}
