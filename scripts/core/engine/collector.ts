import type { ConfiguredSeverity, Finding, Severity, SeveritySetting } from '../model/findings.js';
import { capPerFile, compareFindings, FINDINGS_CAP_RULE, MAX_FINDINGS_PER_FILE, pushAll } from '../model/findings.js';
import { readingMessage } from '../model/reading-messages.js';
import { READING_RULES } from './reading-rules.js';
import type { ProcessCitations, Report, RuleMeta, RuleSpec } from './rule.js';
import { cite, dataFormatOf, defineRule, locate, presetSetting, reportMessage, rfcFor, ruleUnderPreset } from './rule.js';

/*
 * The one way a finding is made, for every command: a rule object reports (`report`, `visit`), the
 * collector words the report from the rule's messages, locates it, caps it per file, and `toFindings`
 * applies the configured severity and the preset's citation. Check families get their reporter
 * from the engine; errata, wire, probe and compat make a Collector of their rules.
 */

/** A finding before configuration has spoken: its severity is the rule's unless the report chose one. */
export type FindingDraft = Omit<Finding, 'severity'> & { severity?: Severity };

/** What a rule reports through: the `report` and `visit` of its context. */
export interface RuleReporter {
  report(r: Report): void;
  /** Count rows/entries the rule looked at; a rule that visits nothing fails rather than passing vacuously. */
  visit(n?: number): void;
}

/** One rule's reports so far. */
export interface Reported {
  findings: FindingDraft[];
  /** Reports marked `guard` (the rule's own check that it saw what it must). */
  guards: FindingDraft[];
  visited: number;
}

/**
 * A reporter bound to one rule: reports become drafts named by the rule's id, worded from its
 * messages and citing its section under the preset. Past MAX_FINDINGS_PER_FILE a file's reports
 * are only counted (a flood costs a counter, not a position each) and `close` adds one cap finding.
 */
export function openReporter(rule: RuleSpec, preset: string | undefined, citations?: ProcessCitations): RuleReporter & { close(): Reported } {
  const findings: FindingDraft[] = [];
  const guards: FindingDraft[] = [];
  const meta = ruleUnderPreset(defineRule(rule), preset, citations);
  const perFile = new Map<string, number>();
  /** Per file past the cap: the severity the cap finding takes (an error's, if any dropped report was one). */
  const over = new Map<string, Severity | undefined>();
  let visited = 0;
  return {
    report(r: Report) {
      if (r.fix && !meta.fixable) throw new Error(`${rule.id} attached a fix but its metadata does not say fixable`);
      if (r.guard) return void guards.push(toDraft(meta, r));
      const file = 'doc' in r.at ? r.at.doc.file : r.at.file;
      const n = (perFile.get(file) ?? 0) + 1;
      perFile.set(file, n);
      if (n <= MAX_FINDINGS_PER_FILE) findings.push(toDraft(meta, r));
      else if (!over.has(file) || r.severity === undefined || r.severity === 'error') over.set(file, r.severity);
    },
    visit(n = 1) {
      visited += n;
    },
    close() {
      for (const [file, severity] of over) {
        const count = perFile.get(file)! - MAX_FINDINGS_PER_FILE;
        findings.push({ ruleId: FINDINGS_CAP_RULE, severity: severity ?? capSeverity(meta.defaultSeverity), file, line: 1, column: 1, endLine: 1, endColumn: 1, ...readingMessage(FINDINGS_CAP_RULE, 'restOfRule', { count, s: count === 1 ? '' : 's', rule: rule.id, max: MAX_FINDINGS_PER_FILE }) });
      }
      over.clear();
      return { findings, guards, visited };
    },
  };
}

/** A rule's cap finding is as severe as the rule (an `off` rule reports nothing to cap). */
function capSeverity(s: SeveritySetting): Severity {
  return s === 'off' ? 'error' : s;
}

/** A report located, worded (its messageId's template filled) and naming the rule's RFC section. */
function toDraft(rule: Pick<RuleMeta, 'id' | 'rfc' | 'messages'>, r: Report): FindingDraft {
  return {
    ruleId: rule.id,
    ...(r.severity ? { severity: r.severity } : {}),
    ...locate(r.at),
    ...cite({ message: reportMessage(rule, r) }, rule.rfc),
    ...(r.messageId !== undefined ? { messageId: r.messageId } : {}),
    ...(r.related?.length ? { related: r.related } : {}),
    ...(r.fix?.edits.length ? { fix: r.fix } : {}),
  };
}

export interface CollectorOptions {
  severities?: Readonly<Record<string, ConfiguredSeverity>>;
  /** The preset whose process the findings cite. */
  preset?: string;
  /** The run's process's own citations (`process.citations`), over the preset's. */
  citations?: ProcessCitations;
}

/**
 * The findings of one command run: every rule it may report is declared up front; `for(rule)`
 * gives a rule object its reporter; `toFindings` is the single point where drafts become findings.
 */
export class Collector {
  private readonly drafts: FindingDraft[] = [];
  private readonly open = new Map<string, ReturnType<typeof openReporter>>();

  constructor(
    readonly rules: readonly RuleMeta[],
    private readonly options: CollectorOptions = {},
  ) {}

  /** The reporter of a declared rule object. */
  for(rule: RuleMeta): RuleReporter {
    let r = this.open.get(rule.id);
    if (!r) {
      if (!this.rules.includes(rule) && !READING_RULES.includes(rule)) throw new Error(`${rule.id} reported through a collector that does not declare it`);
      r = openReporter(rule, this.options.preset, this.options.citations);
      this.open.set(rule.id, r);
    }
    return r;
  }

  /** Shorthand: `collector.report(RULE, {...})`. */
  report(rule: RuleMeta, r: Report): void {
    this.for(rule).report(r);
  }

  /** Drafts already made elsewhere: the corpus's read and parse problems (the reading rules). */
  add(drafts: Iterable<FindingDraft>): void {
    pushAll(this.drafts, drafts);
  }

  /** The findings: configured severity, `off` dropped, cited under the preset, sorted, capped. */
  toFindings(): Finding[] {
    const all = [...this.drafts];
    for (const r of this.open.values()) pushAll(all, r.close().findings);
    return applySeverities(all, this.rules, this.options.severities, this.options.preset, this.options.citations);
  }
}

/**
 * The one place a rule's severity is decided, for every command: the configured setting for its
 * id, else the preset's (its `rules`, scripts/presets/*.json: what its process leaves off), else
 * what the report chose, else the rule's default. `on` (configured over a preset's `off`, or a
 * preset's) keeps the per-finding severity; a rule whose own default is `off` has none to keep, so
 * `on` reports it as a warning.
 */
export function severityOf(
  rule: Pick<RuleMeta, 'id' | 'defaultSeverity'>,
  severities: Readonly<Record<string, ConfiguredSeverity>>,
  reported?: Severity,
  preset?: string,
): SeveritySetting {
  // Rule ids come from plugins too: only the object's own key counts.
  const configured = Object.hasOwn(severities, rule.id) ? severities[rule.id] : presetSetting(rule.id, preset);
  if (configured === 'on') return reported ?? (rule.defaultSeverity === 'off' ? 'warning' : rule.defaultSeverity);
  if (configured !== undefined) return configured;
  return reported ?? rule.defaultSeverity;
}

/**
 * Turns the drafts of a run into findings: each at its rule's configured severity, `off` ones
 * dropped, the RFC section filled in (the one place a finding is cited); sorted and without duplicates (a schema finding echoed by a
 * dedicated rule at the same place included: withoutSchemaEchoes). Every command passes its
 * findings through here. A draft whose rule the command did not declare is an internal error:
 * every finding comes from a registered rule.
 */
export function applySeverities(drafts: readonly FindingDraft[], rules: readonly RuleMeta[], severities: Readonly<Record<string, ConfiguredSeverity>> = {}, preset?: string, citations?: ProcessCitations): Finding[] {
  const byId = new Map<string, RuleMeta>();
  for (const r of [...READING_RULES, ...rules]) byId.set(r.id, r);
  const out: Finding[] = [];
  for (const d of drafts) {
    const rule = byId.get(d.ruleId);
    if (!rule) throw new Error(`a finding came from "${d.ruleId}", which no registered rule of this command declares`);
    const severity = severityOf(rule, severities, d.severity, preset);
    if (severity === 'off') continue;
    // A parse finding cites its file's format (rfcByFormat): RFC 8259 for JSON, YAML 1.2 for YAML.
    out.push(d.rfc === undefined ? cite({ ...d, severity }, rfcFor(rule, preset, dataFormatOf(d.file), citations)) : { ...d, severity });
  }
  return capPerFile(dedupe(withoutSchemaEchoes(out).sort(compareFindings)));
}

/**
 * One mistake, one finding: a family's schema rule (`<family>/schema`) and a dedicated rule often
 * see the same wrong value (a CamelCase reason breaks the schema's pattern and the reason rule).
 * The dedicated rule's message says what to write, so the schema's finding at the same place goes.
 */
function withoutSchemaEchoes(findings: Finding[]): Finding[] {
  const at = (f: Finding) => `${f.file}\0${f.line}\0${f.column}`;
  // A cap finding (line 1) is no dedicated rule: the schema rule's own summary there stays.
  const dedicated = new Set(findings.filter((f) => !f.ruleId.endsWith('/schema') && f.ruleId !== FINDINGS_CAP_RULE).map(at));
  return findings.filter((f) => !f.ruleId.endsWith('/schema') || !dedicated.has(at(f)));
}

export function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.ruleId}\0${f.file}\0${f.line}\0${f.column}\0${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
