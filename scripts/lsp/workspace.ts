import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range as LspRange } from 'vscode-languageserver-textdocument';
import { FAMILY_DECLARATIONS, loadFamilies } from '../checks/registry.js';
import type { LoadedPlugins } from '../core/config/plugins.js';
import { loadPlugins } from '../core/config/plugins.js';
import { CONFIG_FILE } from '../core/config/config.js';
import type { Corpus } from '../core/parse/corpus.js';
import type { ParseMemo } from '../core/parse/corpus.js';
import type { Finding } from '../core/model/findings.js';
import type { Layout } from '../core/preset/layout.js';
import { presetLayout } from '../core/preset/layout.js';
import { OverlaySource } from '../core/io/overlay-source.js';
import type { Family, RuleMeta } from '../core/engine/rule.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import type { Builtins } from '../core/session.js';
import { Session } from '../core/session.js';
import { FsSource, globMatcher } from '../core/io/source.js';
import type { FamilyFacts } from '../core/engine/family.js';

/** What the editor hands the session from above core/: the built-in rules and families. */
const BUILTINS: Builtins = { catalog: BUILTIN_RULES, declarations: FAMILY_DECLARATIONS, loadFamilies };

/** A fix's edit as the editor applies it: a range of the text the finding was computed from. */
export interface PositionedEdit {
  file: string;
  range: LspRange;
  newText: string;
}

/** A finding as the editor gets it: its fix (if any) already in lines and characters. */
export interface EditorFinding extends Finding {
  edits?: PositionedEdit[];
}

/**
 * What the language server checks: the working tree with the editor's unsaved buffers laid over
 * it, under the configuration and preset of the workspace root. Findings are kept per check
 * family together with the files each family read, so a change to one file re-runs only the
 * families that read it (every family when the file is new to all of them, or is the config).
 */
export class Workspace {
  readonly overlay: OverlaySource;
  private families: Array<Family & FamilyFacts> = [];
  private plugins: LoadedPlugins = { families: [], rules: [], plugins: [] };
  private pluginSpecs: readonly string[] | undefined;
  private layout!: Layout;
  /** The one pipeline (core/session.ts) over the buffers, under the last configuration that loaded. */
  private session: Session | undefined;
  /** A config the editor's buffer (or the file) breaks: shown on the config file, the last good one kept. */
  private configProblem: EditorFinding | undefined;
  private readonly reads = new Map<string, ReadonlySet<string>>();
  private readonly found = new Map<string, EditorFinding[]>();
  private readonly memo: ParseMemo = new Map();

  /** `plugins: false` (`specgate lsp --no-plugins`): the config's plugins are not loaded, as `check --no-plugins`. */
  constructor(
    readonly root: string,
    private readonly opts: { plugins?: boolean } = {},
  ) {
    this.overlay = new OverlaySource(new FsSource(root));
  }

  async init(): Promise<void> {
    await this.loadConfig();
    // The config's plugins are loaded once, when the editor opens the workspace (node keeps a module
    // it imported): a plugin edited later needs a restart of the server, as ESLint's does.
    const specs = this.opts.plugins === false ? [] : this.pluginSpecs;
    try {
      this.plugins = await loadPlugins(this.root, specs, FAMILY_DECLARATIONS.map((d) => d.name), BUILTIN_RULES);
    } catch (e) {
      this.configProblem = { ruleId: 'config', severity: 'error', file: CONFIG_FILE, line: 1, column: 1, endLine: 1, endColumn: 2, message: (e as Error).message };
    }
    this.families = await loadFamilies([], this.plugins.families);
    if (this.plugins.families.length || this.plugins.rules.length) await this.loadConfig();
  }

  /** The rules of the plugins the workspace loaded (hover describes them as it does the built-ins). */
  get pluginRules(): readonly RuleMeta[] {
    return this.plugins.rules;
  }

  /** The preset the workspace is checked under (hover names the section of its process). */
  get preset(): string | undefined {
    return this.layout?.preset;
  }

  /** The configured process's own citations (`process.citations`), which a hover names over the preset's. */
  get citations(): Readonly<Record<string, string>> | undefined {
    return this.layout?.process.citations;
  }

  /** An editor buffer's text, or `null` once it is closed (the saved file counts again). */
  setBuffer(rel: string, text: string | null): void {
    if (text === null) this.overlay.reset(rel);
    else this.overlay.set(rel, text);
  }

  /** The families a change to these files must re-run. */
  familiesFor(changed: readonly string[]): Family[] {
    if (changed.includes(CONFIG_FILE)) return this.families;
    const names = new Set<string>();
    for (const file of changed) {
      let readers = this.families.filter((f) => this.reads.get(f.name)?.has(file));
      // A file no family read yet (a new RFC, a first run): the families whose declared inputs
      // match it, those that follow paths (an Affects row may name it) and those that declare none.
      if (readers.length === 0) readers = this.families.filter((f) => !f.inputs || f.followsPaths || globMatcher(f.inputs(this.layout ?? presetLayout('specgate')))(file));
      for (const f of readers) names.add(f.name);
    }
    return this.families.filter((f) => names.has(f.name));
  }

  /** Re-checks what the changed files affect (everything when none is named). */
  async check(changed: readonly string[] = []): Promise<string[]> {
    if (changed.length === 0 || changed.includes(CONFIG_FILE)) await this.loadConfig();
    // A family the config turns off (`families`) is not the editor's to run either.
    const off = this.session?.config.familiesOff ?? [];
    const families = (changed.length === 0 ? this.families : this.familiesFor(changed)).filter((f) => !off.includes(f.name));
    const session = this.session!;
    const corpus = session.corpus(this.overlay, { memo: this.memo });
    // The same exceptions, ignores and overrides as `check` (core/config/exceptions.ts), family by family.
    const { result, byFamily } = await session.runByFamily({ corpus, families });
    for (const { name, files, findings } of byFamily) {
      this.reads.set(name, files);
      this.found.set(name, findings.map((f) => positioned(f, corpus)));
    }
    const shownGuards = new Set((result.guards ?? []).map(findingKey));
    for (const f of families) this.guards.set(f.name, new Set((this.found.get(f.name) ?? []).map(findingKey).filter((k) => shownGuards.has(k))));
    return families.map((f) => f.name);
  }

  /** Per family, the guards against a vacuous pass among its findings: the baseline never hides them. */
  private readonly guards = new Map<string, ReadonlySet<string>>();

  /** The findings on one file, from every family (a parse problem two families met, once). */
  findingsFor(file: string): EditorFinding[] {
    const seen = new Set<string>();
    const out: EditorFinding[] = [];
    const all = [...this.found.values()].flat();
    if (this.configProblem) all.push(this.configProblem);
    for (const f of all) {
      if (f.file !== file) continue;
      const key = `${f.ruleId}\0${f.line}\0${f.column}\0${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(f);
    }
    // The committed baseline hides a file's recorded errors while there are no more than recorded, as check does (the session's step).
    if (!this.session) return out;
    const never = new Set<Finding>(out.filter((f) => [...this.guards.values()].some((g) => g.has(findingKey(f)))));
    return this.session.hideRecorded(file, out, never);
  }

  private async loadConfig(): Promise<void> {
    try {
      const session = await Session.over(this.overlay, { builtins: BUILTINS, plugins: this.opts.plugins !== false, loaded: this.plugins });
      // Known before the severities are checked: a rule id of a plugin not loaded yet fails them until init loads it.
      this.pluginSpecs = session.config.plugins;
      await session.resolveSeverities();
      this.layout = session.layout;
      this.session = session;
      this.configProblem = undefined;
    } catch (e) {
      // The last good configuration stays; before any, the default preset's.
      this.session ??= Session.unconfigured(this.overlay, { builtins: BUILTINS, plugins: this.opts.plugins !== false, loaded: this.plugins });
      this.layout ??= presetLayout('specgate');
      const message = (e as Error).message;
      const at = /^[^:]*:(\d+):(\d+): /.exec(message);
      const line = at ? Number(at[1]) : 1;
      const column = at ? Number(at[2]) : 1;
      this.configProblem = { ruleId: 'config', severity: 'error', file: CONFIG_FILE, line, column, endLine: line, endColumn: column + 1, message: at ? message.slice(at[0].length) : message };
    }
  }
}

function findingKey(f: Pick<Finding, 'ruleId' | 'file' | 'line' | 'column' | 'message'>): string {
  return `${f.ruleId}\0${f.file}\0${f.line}\0${f.column}\0${f.message}`;
}

/** A fix's offsets as lines and characters of the texts this run read (the editor may have moved on by the time it asks). */
function positioned(f: Finding, corpus: Corpus): EditorFinding {
  if (!f.fix) return f;
  const docs = new Map<string, TextDocument>();
  const edits: PositionedEdit[] = [];
  for (const e of f.fix.edits) {
    let doc = docs.get(e.file);
    if (!doc) {
      const text = corpus.cachedText(e.file) ?? corpus.text(e.file);
      if (text === undefined) return f;
      docs.set(e.file, (doc = TextDocument.create(e.file, 'plaintext', 0, text)));
    }
    edits.push({ file: e.file, range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, newText: e.text });
  }
  return { ...f, edits };
}
