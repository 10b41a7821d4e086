import type { LoadedConfig } from './config.js';
import type { Corpus } from '../parse/corpus.js';
import type { FindingDraft } from '../engine/engine.js';
import { applySeverities } from '../engine/engine.js';
import type { CheckResult, ConfiguredSeverity, Finding, Severity } from '../model/findings.js';
import { compareFindings } from '../model/findings.js';
import { childPointer } from '../model/pointer.js';
import type { RuleMeta } from '../engine/rule.js';
import { defineRule, formatMessage } from '../engine/rule.js';
import { REASON_REQUIRED_EXAMPLES, UNKNOWN_RULE_EXAMPLES, UNUSED_EXAMPLES } from './exception-examples.js';
import { globMatcher } from '../io/source.js';

export { EXCEPTIONS_EXAMPLES_NOTE } from './exception-examples.js';

/**
 * Exceptions with a reason: one finding accepted in one place, as ESLint's disable comments with
 * `-- reason`, markdownlint's `<!-- markdownlint-disable-next-line -->` and buf's
 * `buf:lint:ignore`. In Markdown, an HTML comment:
 *
 *   <!-- specgate-disable-next-line RULE[, RULE…] -- reason -->   the next line
 *   <!-- specgate-disable RULE[, RULE…] -- reason -->             from here …
 *   <!-- specgate-enable RULE[, RULE…] -->                        … to here (or the end of the file)
 *
 * JSON has no comments, so JSON and YAML findings are accepted in the config's `exceptions`
 * ({ file, pointer, rule, reason }). Without a reason an exception accepts nothing and is a
 * finding itself; one that accepts nothing is a finding too (ESLint's unused directives). The
 * config's `ignores` drop every finding of the files they match, and `overrides` set severities
 * per file. All of it is settled here, after the rules ran and before the baseline counts.
 */
export const EXCEPTION_RULES: RuleMeta[] = [
  defineRule({
    id: 'exceptions/reason-required',
    rfc: 'specgate exceptions',
    description: 'An exception (a specgate-disable comment, or a config "exceptions" entry) gives no reason; it accepts nothing until it says why.',
    messages: {
      comment: 'the exception for {{rules}} gives no reason; write one after "--" (it accepts nothing until then)',
      config: 'the exception for {{rules}} gives no reason; add a "reason" (it accepts nothing until then)',
    },
    examples: REASON_REQUIRED_EXAMPLES,
  }),
  defineRule({
    id: 'exceptions/unused',
    rfc: 'specgate exceptions',
    description: 'An exception accepts no finding: the problem it was written for is gone, or it names another rule or place. Remove it (check --no-report-unused-exceptions skips this).',
    defaultSeverity: 'warning',
    messages: {
      unused: 'the exception for {{rules}} accepts no finding; remove it',
    },
    examples: UNUSED_EXAMPLES,
  }),
  defineRule({
    id: 'exceptions/unknown-rule',
    rfc: 'specgate exceptions',
    description: 'An exception names a rule id that no rule has.',
    messages: {
      none: 'the exception names no rule; write the rule id (or ids) before "--"',
      unknown: 'the exception names {{rules}}, which no rule has (run "specgate list-rules")',
    },
    examples: UNKNOWN_RULE_EXAMPLES,
  }),
];

export const EXCEPTION_OPTIONS = {
  'report-unused-exceptions': { type: 'boolean' },
  'no-report-unused-exceptions': { type: 'boolean' },
} as const;

export const EXCEPTION_HELP = `      --no-report-unused-exceptions  do not report exceptions that accept no finding (reported by default)
`;

/** One exception, wherever it is written. */
interface Exception {
  /** The file whose findings it may accept. */
  file: string;
  /** How a reason is added: after "--" in a comment, a "reason" in a config entry. */
  kind: 'comment' | 'config';
  rules: string[];
  reason: string;
  /** Where it is written (the comment, or the config entry). */
  at: Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn'>;
  /** Which findings it covers. */
  covers(f: Finding): boolean;
  used: boolean;
  /** Whether the run could have seen what it accepts (its file read, its rules run). */
  judged: boolean;
}

export interface ExceptionContext {
  corpus: Corpus;
  config: Pick<LoadedConfig, 'raw' | 'file' | 'keyAt'>;
  severities: Readonly<Record<string, ConfiguredSeverity>>;
  /** The files the run read. */
  read: ReadonlySet<string>;
  /** The rule ids of the families that ran. */
  ran: ReadonlySet<string>;
  /** Every rule id the run's catalogue has, plugins' included (unknown ids are findings). */
  known: ReadonlySet<string>;
  reportUnused: boolean;
}

/**
 * Whether anything may accept or drop a finding of this run: the config's `ignores`, `overrides` or
 * `exceptions`, or a disable comment in a Markdown file it read (a text test, before any parse).
 * Runs without any (nearly all) skip the settling, and its rule lookups, altogether.
 */
export function exceptionsInPlay(raw: Readonly<Record<string, unknown>> | undefined, read: Iterable<string>, text: (file: string) => string | undefined): boolean {
  if (['ignores', 'overrides', 'exceptions'].some((k) => Array.isArray(raw?.[k]) && (raw![k] as unknown[]).length > 0)) return true;
  for (const f of read) if (f.endsWith('.md') && (text(f) ?? '').includes('specgate-disable')) return true;
  return false;
}

/** `ignores`, `overrides`, then the exceptions; returns the result with the exceptions' own findings. */
export async function applyExceptions(result: CheckResult, ctx: ExceptionContext): Promise<CheckResult> {
  const raw = ctx.config.raw ?? {};
  let findings = result.findings;
  const ignores = raw.ignores as string[] | undefined;
  if (ignores?.length) {
    const ignored = globMatcher(ignores);
    findings = findings.filter((f) => !ignored(f.file));
  }
  findings = applyOverrides(findings, raw.overrides as Override[] | undefined);
  const exceptions = [...(await markdownExceptions(ctx)), ...configExceptions(ctx)];
  if (exceptions.length === 0) return findings === result.findings ? result : { ...result, findings };
  // Indexed by file and rule, so a config with many entries costs a lookup per finding, not a scan.
  const byKey = new Map<string, Exception[]>();
  for (const e of exceptions) {
    if (e.reason === '') continue;
    for (const r of e.rules) {
      const key = `${e.file}\0${r}`;
      const list = byKey.get(key);
      if (list) list.push(e);
      else byKey.set(key, [e]);
    }
  }
  const kept: Finding[] = [];
  for (const f of findings) {
    const by = (byKey.get(`${f.file}\0${f.ruleId}`) ?? []).filter((e) => e.covers(f));
    for (const e of by) e.used = true;
    if (by.length === 0) kept.push(f);
  }
  const drafts: FindingDraft[] = [];
  for (const e of exceptions) {
    const unknown = e.rules.filter((r) => !ctx.known.has(r));
    const rules = e.rules.join(', ');
    if (e.rules.length === 0) drafts.push(exceptionFinding(UNKNOWN_RULE, e, 'none'));
    else if (unknown.length) drafts.push(exceptionFinding(UNKNOWN_RULE, e, 'unknown', { rules: unknown.map((r) => `"${r}"`).join(', ') }));
    else if (e.reason === '') drafts.push(exceptionFinding(REASON_REQUIRED, e, e.kind, { rules }));
    else if (!e.used && e.judged && ctx.reportUnused) drafts.push(exceptionFinding(UNUSED, e, 'unused', { rules }));
  }
  const own = applySeverities(drafts, EXCEPTION_RULES, ctx.severities);
  return { ...result, findings: [...kept, ...own].sort(compareFindings) };
}

const [REASON_REQUIRED, UNUSED, UNKNOWN_RULE] = EXCEPTION_RULES as [RuleMeta, RuleMeta, RuleMeta];

/** An exception rule's finding at the exception, worded from the rule's template. */
function exceptionFinding(rule: RuleMeta, e: Exception, messageId: string, data: Readonly<Record<string, string>> = {}): FindingDraft {
  return { ruleId: rule.id, ...e.at, messageId, message: formatMessage(rule, messageId, data) };
}

interface Override {
  files: string[];
  rules: Record<string, ConfiguredSeverity>;
}

/**
 * Per-file severities: the last override that matches a finding's file and names its rule wins;
 * `off` drops it, `on` keeps it. The run's own finding is changed in place, so the family that
 * found it still counts it.
 */
function applyOverrides(findings: Finding[], overrides: readonly Override[] | undefined): Finding[] {
  if (!overrides?.length) return findings;
  const compiled = overrides.map((o) => ({ matches: globMatcher(o.files), rules: o.rules }));
  const out: Finding[] = [];
  for (const f of findings) {
    let setting: ConfiguredSeverity | undefined;
    for (const o of compiled) if (o.rules[f.ruleId] !== undefined && o.matches(f.file)) setting = o.rules[f.ruleId];
    if (setting === 'off') continue;
    if (setting !== undefined && setting !== 'on') f.severity = setting as Severity;
    out.push(f);
  }
  return out;
}

const DIRECTIVE = /<!--\s*specgate-(disable-next-line|disable|enable)\b([\s\S]*?)-->/g;

/** The exceptions written as comments in the Markdown files the run read. */
async function markdownExceptions(ctx: ExceptionContext): Promise<Exception[]> {
  const out: Exception[] = [];
  for (const file of [...ctx.read].sort()) {
    if (!file.endsWith('.md')) continue;
    const text = ctx.corpus.cachedText(file) ?? ctx.corpus.text(file);
    // Most files have none: only those that mention one are parsed for it.
    if (text === undefined || !text.includes('specgate-disable')) continue;
    const doc = await ctx.corpus.markdown(file);
    if (!doc) continue;
    const open = new Map<string, Exception & { from: number; to: number }>();
    const lastLine = doc.lines.lineCount;
    // Comments are read from the syntax tree, so an example inside a code block is no directive.
    for (const node of htmlNodes(doc.tree)) {
      const start = node.position?.start.offset ?? 0;
      for (const m of node.value.matchAll(DIRECTIVE)) {
        const kind = m[1]!;
        const { rules, reason } = parseDirective(m[2]!);
        const from = doc.lines.at(start + m.index);
        const to = doc.lines.at(start + m.index + m[0].length);
        const at = { file, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
        const judged = rules.every((r) => ctx.ran.has(r));
        if (kind === 'disable-next-line') {
          const line = to.line + 1;
          out.push({ kind: 'comment', file, rules, reason, at, used: false, judged, covers: (f) => f.file === file && f.line === line && rules.includes(f.ruleId) });
        } else if (kind === 'disable') {
          const e = { kind: 'comment' as const, file, rules, reason, at, used: false, judged, from: to.line, to: lastLine, covers: (f: Finding) => f.file === file && f.line >= e.from && f.line <= e.to && rules.includes(f.ruleId) };
          for (const r of rules) open.set(r, e);
          out.push(e);
        } else {
          // enable: closes the disable of each rule it names
          for (const r of rules) {
            const e = open.get(r);
            if (e) e.to = from.line;
            open.delete(r);
          }
        }
      }
    }
  }
  return out;
}

/** The rule ids a text's disable comments name (a text test, as `exceptionsInPlay`: the example driver runs those rules). */
export function rulesNamedInComments(text: string): string[] {
  return [...text.matchAll(DIRECTIVE)].flatMap((m) => parseDirective(m[2]!).rules);
}

/** `RULE, RULE -- reason`: the rule ids, and the reason after "--" (empty when there is none). */
function parseDirective(body: string): { rules: string[]; reason: string } {
  const cut = body.indexOf('--');
  const ids = cut < 0 ? body : body.slice(0, cut);
  const reason = cut < 0 ? '' : readableReason(body.slice(cut + 2));
  return { rules: ids.split(/[\s,]+/).filter(Boolean), reason };
}

/**
 * A reason a reviewer can read: the text trimmed, or '' (no reason) unless it holds a letter or a
 * digit that shows. Otherwise a zero-width space, a control or bidi character, a run of dashes, or
 * a "letter" that draws nothing (the Hangul fillers U+3164, U+FFA0, U+115F, U+1160 are letters
 * to Unicode, and default-ignorable) would pass for a reason and hide an error from CI with
 * nothing shown in the diff. What draws nothing is taken out before a letter is looked for:
 * default-ignorable code points, format and control characters, combining marks alone, and every
 * kind of space.
 */
export function readableReason(text: string): string {
  const t = text.trim();
  return /[\p{L}\p{N}]/u.test(t.replace(INVISIBLE, '')) ? t : '';
}

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\p{Z}\s]/gu;

interface HtmlNode {
  type: 'html';
  value: string;
  position?: { start: { offset?: number } };
}

function htmlNodes(node: unknown, out: HtmlNode[] = []): HtmlNode[] {
  const n = node as { type?: string; children?: unknown[] };
  if (n.type === 'html') out.push(node as HtmlNode);
  for (const c of n.children ?? []) htmlNodes(c, out);
  return out;
}

interface ConfigException {
  file: string;
  pointer: string;
  rule: string;
  reason?: string;
}

/** The config's `exceptions`, each located at its entry in the config file. */
function configExceptions(ctx: ExceptionContext): Exception[] {
  const entries = (ctx.config.raw?.exceptions as ConfigException[] | undefined) ?? [];
  const configFile = ctx.config.file ?? 'specgate.config.json';
  return entries.map((x, i) => {
    const where = ctx.config.keyAt?.(childPointer('/exceptions', String(i)));
    const [line, column] = where ? where.split(':').slice(-2).map(Number) : [1, 1];
    const under = (p: string | undefined) => p !== undefined && (p === x.pointer || p.startsWith(`${x.pointer}/`));
    const judged = ctx.ran.has(x.rule) && (ctx.read.has(x.file) || !ctx.corpus.source.exists(x.file));
    return {
      kind: 'config' as const,
      file: x.file,
      rules: [x.rule],
      reason: readableReason(x.reason ?? ''),
      at: { file: configFile, line: line ?? 1, column: column ?? 1, endLine: line ?? 1, endColumn: column ?? 1 },
      used: false,
      judged,
      covers: (f: Finding) => f.file === x.file && f.ruleId === x.rule && under(f.pointer),
    };
  });
}
