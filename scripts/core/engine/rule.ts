import type { DataFormat } from '../model/data-format.js';
import { formatMessage } from '../model/message-format.js';
import { packageHomepage } from '../base/package-root.js';
import type { Corpus, CorpusReader } from '../parse/corpus.js';
import type { ConfiguredSeverity, FamilySummary, Finding, Fix, RelatedLocation, Severity, SeveritySetting } from '../model/findings.js';
import type { Layout } from '../preset/layout.js';
import { presetRules } from '../preset/layout.js';
import type { Range } from '../model/position.js';
import type { StructuredDoc } from '../model/tree.js';

/** Where a finding points: a JSON Pointer in a parsed document, or a range in a file. */
export type At =
  | { doc: StructuredDoc; pointer: string; on?: 'key' | 'value' }
  | { file: string; range: Range; pointer?: string }
  | { file: string };

export interface Report {
  at: At;
  /**
   * The message: better, a `messageId` of the rule's `meta.messages` with its `data`, so tests and
   * docs name the id (stable) rather than the wording (free to change). One of the two is required.
   */
  message?: string;
  messageId?: string;
  data?: Readonly<Record<string, string | number>>;
  /** Only for a rule whose finding is milder in some cases; configuration still overrides it. */
  severity?: Severity;
  related?: RelatedLocation[];
  /**
   * The repair, when it is unambiguous: text edits computed from the syntax tree the rule read,
   * spliced into the original text (core/engine/text-edits.ts applyEdits, core/engine/fixer.ts). Only a rule whose meta says `fixable` attaches one.
   */
  fix?: Fix;
  /**
   * A check that the rule saw what it must (rule 7a's count of named rows), not a mistake of its
   * own: like the engine's "visited nothing", shown only when nothing else in the family is an error.
   */
  guard?: boolean;
}

/** How a compat change affects a document that was valid at the base, or a reader that relied on it. */
export type RuleClass = 'editorial' | 'additive' | 'breaking';

/**
 * What every rule of every command declares, whether it runs over the corpus (check families) or
 * judges something else (wire captures, probe answers, errata, compat changes). `list-rules`,
 * SARIF's rule descriptors, docs/rules.md and the config's rule-id check all read this.
 */
export interface RuleMeta {
  /** Stable kebab-case `family/subject-constraint` id. Never reused or quietly renamed. */
  id: string;
  /** The section the rule enforces, e.g. "RFC 0211 §A" or "RFC 0208 §C (rule 7a)". */
  rfc: string;
  /** One sentence: what the rule checks. */
  description: string;
  /** The severity when configuration says nothing; `off` rules report only when configured. */
  defaultSeverity: SeveritySetting;
  /** Where the rule is documented: the absolute URL of its row in docs/rules.md (ruleDocsUrl), unless the rule says otherwise. */
  docs: string;
  /** Whether some of the rule's findings carry a fix (`check --fix`, the editor's quick fixes). */
  fixable: boolean;
  /** Compat rules: the class of the change the rule reports. */
  class?: RuleClass;
  /**
   * The preset whose RFC process `rfc` cites, when `rfc` names a section only that process has
   * (this project's RFC 0001 §B). Under any other preset with no `rfcByPreset` entry, a finding
   * names the process (`specgate's RFC 0001 §B`), so it is not read as a section of the governed
   * repository's own RFC 0001. Which presets leave such a rule off is the presets' data (their
   * `rules`, scripts/presets/*.json), not the rule's.
   */
  rfcProcess?: string;
  /**
   * The section that states the rule in another preset's process, when it is not `rfc` (which
   * names this project's RFCs): under `openwop` a finding names upstream's RFC 0001 or template,
   * never a section only this project's RFC 0001 has. Resolved by `rfcFor`, wherever `rfc` is shown.
   */
  rfcByPreset?: Readonly<Partial<Record<string, string>>>;
  /**
   * The section a finding on a file of one data format names, for a rule that reads JSON and YAML
   * alike (the reading rules): a JSON file's parse error cites RFC 8259, a YAML file's YAML 1.2.
   * `rfc` names them all (list-rules, docs/rules.md). Resolved by `rfcFor` with the finding's file's
   * format (`dataFormatOf`), in one place: engine.ts applySeverities.
   */
  rfcByFormat?: Readonly<Partial<Record<DataFormat, string>>>;
  /**
   * Message templates by id (`{{name}}` is filled from the report's `data`), as ESLint's
   * `meta.messages`: a report names an id, and an id no template declares is an internal error.
   */
  messages?: Readonly<Record<string, string>>;
  /** Valid and invalid examples: docs/rules.md shows them and the rule tester runs them. */
  examples?: RuleExamples;
}

/** A small in-memory corpus: repository-relative path → text. */
export type ExampleFiles = Readonly<Record<string, string>>;

/** One example's corpus: its files and, for a rule that compares two versions (compat), the files at the base (`files` are then the head). */
export interface ExampleCorpus {
  name: string;
  files: ExampleFiles;
  base?: ExampleFiles;
  options?: Readonly<Record<string, unknown>>;
  /** The preset whose layout, process and rule severities the example runs under (default `specgate`): an EIP-1 preamble example names `eip`. */
  preset?: string;
}

export interface RuleExamples {
  /** Corpora on which the rule reports nothing. */
  valid: ReadonlyArray<ExampleCorpus>;
  /** Corpora on which it reports exactly these (message ids and locations), and for a fixable rule the texts its fixes give. */
  invalid: ReadonlyArray<
    ExampleCorpus & {
      errors: ReadonlyArray<{ messageId: string; file?: string; line?: number; column?: number; pointer?: string; data?: Readonly<Record<string, string | number>> }>;
      output?: ExampleFiles;
    }
  >;
}

export { formatMessage } from '../model/message-format.js';

/** A report's text: its template filled, or its literal message. */
export function reportMessage(rule: Pick<RuleMeta, 'id' | 'messages'>, r: Pick<Report, 'message' | 'messageId' | 'data'>): string {
  if (r.messageId !== undefined) return formatMessage(rule, r.messageId, r.data);
  if (r.message === undefined) throw new Error(`${rule.id} reported neither a message nor a messageId`);
  return r.message;
}

// In a module of its own because the corpus needs it, and the rule model depends on the corpus.
export { dataFormatOf } from '../model/data-format.js';
export type { DataFormat } from '../model/data-format.js';

/** What a built-in preset's `rules` (scripts/presets/*.json) set for a rule, if anything: the layer under a config's own. */
export function presetSetting(id: string, preset: string | undefined): ConfiguredSeverity | undefined {
  return preset === undefined ? undefined : presetRules(preset)[id];
}

/** A rule's severity when configuration says nothing, under a preset: the preset's setting (`on` is the rule's own, a warning for an off-by-default rule), else the rule's default. */
export function presetDefault(rule: Pick<RuleMeta, 'id' | 'defaultSeverity'>, preset: string | undefined): SeveritySetting {
  const set = presetSetting(rule.id, preset);
  if (set === undefined) return rule.defaultSeverity;
  if (set === 'on') return rule.defaultSeverity === 'off' ? 'warning' : rule.defaultSeverity;
  return set;
}

/** The process document's section each rule enforces, by rule id (a process's `citations`, core/preset/process.ts). */
export type ProcessCitations = Readonly<Record<string, string>>;

/**
 * The section a rule enforces under a preset: for a finding on a file of a known format, the
 * format's citation; else the run's process's own (`process.citations`: the repository's process
 * document and section, EIP-1's); else the preset's own citation; else, for a rule whose `rfc` is another
 * preset's process (`rfcProcess`), that process by name ("specgate's RFC 0001 §B", so it is not
 * read as the target's RFC 0001); else the rule's `rfc`.
 */
export function rfcFor(rule: Pick<RuleMeta, 'rfc' | 'rfcByPreset' | 'rfcProcess' | 'rfcByFormat'> & { id?: string }, preset: string | undefined, format?: DataFormat, citations?: ProcessCitations): string {
  const byFormat = format === undefined ? undefined : rule.rfcByFormat?.[format];
  if (byFormat !== undefined) return byFormat;
  const own = rule.id !== undefined && citations !== undefined && Object.hasOwn(citations, rule.id) ? citations[rule.id] : undefined;
  if (own !== undefined) return own;
  if (preset === undefined) return rule.rfc;
  const byPreset = rule.rfcByPreset?.[preset];
  if (byPreset !== undefined) return byPreset;
  if (rule.rfcProcess !== undefined && rule.rfcProcess !== preset) return `${rule.rfcProcess}'s ${rule.rfc}`;
  return rule.rfc;
}

/** A rule's metadata as a preset shows it: `rfc` is the preset's citation (list-rules, SARIF, hover, messages). */
export function ruleUnderPreset<R extends Pick<RuleMeta, 'rfc' | 'rfcByPreset' | 'rfcProcess'> & { id?: string }>(rule: R, preset: string | undefined, citations?: ProcessCitations): R {
  const rfc = rfcFor(rule, preset, undefined, citations);
  return rfc === rule.rfc ? rule : { ...rule, rfc };
}

/** What a rule module writes: the metadata less what `defineRule` fills in. */
export type RuleSpec = Omit<RuleMeta, 'docs' | 'fixable' | 'defaultSeverity'> & Partial<Pick<RuleMeta, 'docs' | 'fixable' | 'defaultSeverity'>>;

/** The anchor of a rule's row in docs/rules.md. */
export function ruleAnchor(id: string): string {
  return id.replace(/[^a-z0-9-]+/g, '-');
}

/**
 * The absolute address of a rule's row in docs/rules.md, for SARIF's helpUri, the json and github
 * reports and editor hovers: the package ships no docs, so it points at the repository's page,
 * found from package.json `homepage` (a GitHub repository URL; its `#readme` fragment dropped).
 */
export function ruleDocsUrl(id: string): string {
  return `${docsBase()}/docs/rules.md#${ruleAnchor(id)}`;
}

let base: string | undefined;
function docsBase(): string {
  return (base ??= `${packageHomepage().replace(/#.*$/, '').replace(/\/+$/, '')}/blob/main`);
}

/** Fills in the defaults: severity `error`, not fixable, documented in docs/rules.md (an absolute URL). */
export function defineRule(spec: RuleSpec): RuleMeta {
  const { id, rfc, description, defaultSeverity = 'error', docs = ruleDocsUrl(spec.id), fixable = false, class: cls, rfcProcess, rfcByPreset, rfcByFormat, messages, examples } = spec;
  return {
    id,
    rfc,
    description,
    defaultSeverity,
    docs,
    fixable,
    ...(cls ? { class: cls } : {}),
    ...(rfcProcess ? { rfcProcess } : {}),
    ...(rfcByPreset ? { rfcByPreset } : {}),
    ...(rfcByFormat ? { rfcByFormat } : {}),
    ...(messages ? { messages } : {}),
    ...(examples ? { examples } : {}),
  };
}

/** A finding names the section it enforces, in its `rfc` and at the end of its message (unless the message already does). */
export function cite<T extends { message: string }>(f: T, rfc: string): T & { rfc: string } {
  return { ...f, message: f.message.includes(rfc) ? f.message : `${f.message} (${rfc})`, rfc };
}

export interface RuleContext {
  /** The typed loaders; no file source and no file system (a rule that needs another input asks for a loader here). */
  readonly corpus: CorpusReader;
  readonly layout: Layout;
  /** Family options from the command line (e.g. `map` for `--map`). */
  readonly options: Readonly<Record<string, unknown>>;
  report(r: Report): void;
  /** Count rows/entries this rule looked at; a rule that visits nothing fails rather than passing vacuously. */
  visit(n?: number): void;
  /**
   * What the rule judges besides the corpus, in a family of another command than check: the inputs
   * its command's judge handed on (wire: the captures; compat: the base side and the classified
   * changes; errata: the RFCs' errata). Undefined in a check family.
   */
  readonly given?: unknown;
}

/** A finding located already, before configuration has spoken (core/engine/collector.ts FindingDraft). */
export type LocatedDraft = Omit<Finding, 'severity'> & { severity?: Severity };

/**
 * What a family's own judge reports through (wire, compat, probe, errata): each finding against
 * one of the family's rules (`report`, worded and located as a rule's), or located already by the
 * judge (`add`: a capture's body position, the inputs' read problems it owns). The engine settles
 * them with every other family's: severities, citations, the cap per file, exceptions.
 */
export interface FamilyContext {
  readonly corpus: Corpus;
  readonly layout: Layout;
  readonly options: Readonly<Record<string, unknown>>;
  report(rule: RuleMeta, r: Report): void;
  add(drafts: Iterable<LocatedDraft>): void;
  visit(n?: number): void;
}

/** A check-family rule: its metadata and what it does over the corpus. */
export interface Rule extends RuleSpec {
  /** Rules that may legitimately find nothing to look at (e.g. optional documents). */
  mayVisitNothing?: boolean;
  run(ctx: RuleContext): void | Promise<void>;
}

/** Every rule a family may report: its judge's, then its rule modules'. */
export function familyRules(family: Pick<Family, 'rules' | 'judged'>): RuleMeta[] {
  return [...(family.judged ?? []), ...family.rules.map(defineRule)];
}

/**
 * The unit the engine runs: its inputs, its rules' metadata, and a run that reports each finding
 * against one of its rules. A check family's run is its rule modules, one after the other, over
 * the corpus. A family of another command (wire, compat, probe, errata) has a judge of its own
 * (`run`), over what its command built (`given`) (captures, a base and a head, a host's answers, the
 * RFCs' errata), reporting against `judged`; its `rules` (a plugin's, added to it) then run as
 * check rules do, with what the judge handed on as `ctx.given`.
 */
export interface Family {
  name: string;
  description: string;
  /** Rules that run one by one (a check family's; a plugin's in a family of another command). */
  rules: Rule[];
  /** The rules the family's own judge reports against (metadata only). */
  judged?: readonly RuleMeta[];
  /** What the judge judges besides the corpus, as the command built it (its inputs beyond the files its facts' `inputs` name). */
  given?: unknown;
  /**
   * The family's own judge. What it returns as `given` is what the rules of this family, and of
   * the families after it that are given nothing of their own (a plugin's), see as `ctx.given`.
   */
  run?(ctx: FamilyContext): Promise<{ given?: unknown } | void> | { given?: unknown } | void;
  /** The family's last word on each settled finding (compat: a declared breaking change is a notice). */
  settle?(f: Finding): Finding;
  /** The document a vacuous-pass finding is reported at. */
  primaryFile(ctx: { layout: Layout; options: Readonly<Record<string, unknown>> }): string;
  /** Optional figures for the family's summary, computed after its rules ran. */
  summaryExtras?(ctx: { corpus: Corpus; options: Readonly<Record<string, unknown>> }): Promise<FamilySummary['extras']> | FamilySummary['extras'];
}

/** Turns a report into a located finding. */
export function locate(at: At): Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'pointer'> {
  if ('doc' in at) {
    const loc = at.doc.locate(at.pointer, at.on ?? 'value');
    return { file: at.doc.file, line: loc.line, column: loc.column, endLine: loc.endLine, endColumn: loc.endColumn, pointer: at.pointer };
  }
  if ('range' in at) {
    // Only the range's own fields: a caller may pass a whole finding as the range.
    const { line, column, endLine, endColumn } = at.range;
    return { file: at.file, line, column, endLine, endColumn, ...(at.pointer !== undefined ? { pointer: at.pointer } : {}) };
  }
  return { file: at.file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
