import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { packageHomepage } from '../base/package-root.js';
import { ruleDocsUrl } from '../engine/rule.js';
import { docsUrlOf } from './github.js';
import type { Finding, Severity } from '../model/findings.js';
import type { Range } from '../model/position.js';
import { READING_RULES as INPUT_RULE_LIST } from '../engine/reading-rules.js';
import type { Reporter, RuleInfo } from './types.js';
import { jsonText } from './json-text.js';

/** The base every result URI is relative to; `originalUriBaseIds` resolves it to the run's root. */
const BASE_ID = 'SRCROOT';

/** Findings the corpus reports itself (unreadable or unparseable input), whatever the command. */
const INPUT_RULES = new Map(INPUT_RULE_LIST.map((r) => [r.id, r]));

/**
 * SARIF 2.1.0 (OASIS): one run, the rules that ran as `tool.driver.rules`, each finding as a
 * result with a physical location relative to `%SRCROOT%`. Columns are UTF-16 code units, as
 * JavaScript strings count them, and `endColumn` is exclusive in both SARIF and our findings.
 */
export const sarif: Reporter = (result, env) => {
  const descriptors = new Map<string, SarifRule>();
  for (const r of env.rules) if (!descriptors.has(r.id)) descriptors.set(r.id, ruleDescriptor(r));
  for (const f of result.findings) {
    if (descriptors.has(f.ruleId)) continue;
    const input = INPUT_RULES.get(f.ruleId);
    // The finding's `rfc` is the citation under the run's preset (engine.ts applySeverities, rule.ts rfcFor).
    descriptors.set(f.ruleId, input ? ruleDescriptor(f.rfc ? { ...input, rfc: f.rfc } : input) : inputRuleDescriptor(f));
  }
  const ids = [...descriptors.keys()];
  const index = new Map(ids.map((id, i) => [id, i]));

  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: env.toolName,
            version: env.toolVersion,
            semanticVersion: env.toolVersion,
            informationUri: packageHomepage(),
            rules: [...descriptors.values()],
          },
        },
        invocations: [{ executionSuccessful: true }],
        originalUriBaseIds: { [BASE_ID]: { uri: directoryUri(env.root) } },
        columnKind: 'utf16CodeUnits',
        results: result.findings.map((f) => toResult(f, index.get(f.ruleId)!)),
      },
    ],
  };
  return jsonText(log) + '\n';
};

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' | 'none'; enabled?: false };
  helpUri?: string;
  properties: { tags: string[]; rfc?: string; docs?: string; class?: string };
}

function ruleDescriptor(r: RuleInfo): SarifRule {
  const description = sentence(r.description);
  return {
    id: r.id,
    name: pascalName(r.id),
    shortDescription: { text: description },
    fullDescription: { text: `${description} Enforces ${r.rfc}.` },
    help: {
      text: `${description} This rule enforces ${r.rfc}; the finding's message names the offending value and where it should come from.`,
      markdown: `${description}\n\nThis rule enforces **${r.rfc}**; the finding's message names the offending value and where it should come from.`,
    },
    defaultConfiguration: r.defaultSeverity === 'off' ? { level: 'none', enabled: false } : { level: sarifLevel(r.defaultSeverity ?? 'error') },
    // Every rule's row in docs/rules.md, as an absolute URL (a rule spec that has not been through defineRule has none yet).
    helpUri: docsUrlOf(r.docs, r.id),
    properties: { tags: [r.id.split('/')[0]!, ...(r.class ? [r.class] : [])], rfc: r.rfc, docs: docsUrlOf(r.docs, r.id), ...(r.class ? { class: r.class } : {}) },
  };
}

function inputRuleDescriptor(f: Finding): SarifRule {
  const family = f.ruleId.split('/')[0]!;
  const description = sentence(family === 'parse' ? `A governed file cannot be parsed (${f.ruleId.slice(6)})` : `Input problem ${f.ruleId}`);
  const rfc = f.rfc ? ` Enforces ${f.rfc}.` : '';
  return {
    id: f.ruleId,
    name: pascalName(f.ruleId),
    shortDescription: { text: description },
    fullDescription: { text: `${description} Checks cannot judge a document they cannot read, so this is reported as an error.${rfc}` },
    help: {
      text: `${description} Fix the file so it can be read and parsed, then run the check again.${rfc}`,
      markdown: `${description}\n\nFix the file so it can be read and parsed, then run the check again.${rfc}`,
    },
    defaultConfiguration: { level: 'error' },
    helpUri: ruleDocsUrl(f.ruleId),
    properties: { tags: [family], ...(f.rfc ? { rfc: f.rfc } : {}) },
  };
}

function toResult(f: Finding, ruleIndex: number) {
  return {
    ruleId: f.ruleId,
    ruleIndex,
    level: sarifLevel(f.severity),
    message: { text: sentence(f.message) },
    locations: [location(f.file, f, f.pointer)],
    ...(f.related?.length ? { relatedLocations: f.related.map((r, i) => ({ id: i + 1, ...location(r.file, r), message: { text: sentence(r.message) } })) } : {}),
    partialFingerprints: { 'specgateFinding/v1': fingerprint(f) },
  };
}

function location(file: string, range: Range, pointer?: string) {
  return {
    physicalLocation: {
      artifactLocation: { uri: fileUri(file), uriBaseId: BASE_ID },
      region: region(range),
    },
    ...(pointer ? { logicalLocations: [{ fullyQualifiedName: pointer, kind: 'object' }] } : {}),
  };
}

/** SARIF requires positive positions and a non-inverted region. */
function region(r: Range) {
  const startLine = Math.max(1, r.line);
  const startColumn = Math.max(1, r.column);
  let endLine = Math.max(startLine, r.endLine);
  let endColumn = Math.max(1, r.endColumn);
  if (endLine === startLine && endColumn < startColumn) endColumn = startColumn;
  return { startLine, startColumn, endLine, endColumn };
}

/** Stable across unrelated edits: the rule, the file, and the pointer (or message) — not the line. */
function fingerprint(f: Finding): string {
  return createHash('sha256')
    .update(`${f.ruleId}\0${f.file}\0${f.pointer ?? f.message}`)
    .digest('hex')
    .slice(0, 32);
}

function fileUri(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

function directoryUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith('/') ? href : href + '/';
}

/** SARIF asks that message strings be sentences: end them with a period. */
function sentence(s: string): string {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function pascalName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** SARIF's levels: a notice is a `note`. */
function sarifLevel(s: Severity): 'error' | 'warning' | 'note' {
  return s === 'notice' ? 'note' : s;
}
