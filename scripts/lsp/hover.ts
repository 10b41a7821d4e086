import type { Hover, Position } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RuleMeta } from '../core/engine/rule.js';
import type { ProcessCitations } from '../core/engine/rule.js';
import { rfcFor } from '../core/engine/rule.js';
import type { EditorFinding } from './workspace.js';

let rules: Promise<Map<string, RuleMeta>> | undefined;

function ruleIndex(): Promise<Map<string, RuleMeta>> {
  return (rules ??= import('../rules-registry.js').then(async (m) => new Map((await m.allRules()).map((r) => [r.id, r]))));
}

const RULE_ID = /[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9-]*/g;

/**
 * Hover on a rule id (in the config, a suppressions file, a doc) or on a finding's range: the
 * rule's description, RFC section (the one of the preset's process), default severity and whether it fixes.
 */
export async function hoverAt(doc: TextDocument, pos: Position, findings: readonly EditorFinding[], preset?: string, pluginRules: readonly RuleMeta[] = [], citations?: ProcessCitations): Promise<Hover | null> {
  const describe = (r: RuleMeta) => describeRule(r, preset, citations);
  // The built-in rules, and those of the plugins the workspace loaded.
  const index = pluginRules.length ? new Map([...(await ruleIndex()), ...pluginRules.map((r) => [r.id, r] as const)]) : await ruleIndex();
  const line = doc.getText({ start: { line: pos.line, character: 0 }, end: { line: pos.line + 1, character: 0 } });
  for (const m of line.matchAll(RULE_ID)) {
    const rule = index.get(m[0]);
    if (rule && pos.character >= m.index && pos.character <= m.index + m[0].length) {
      return { contents: { kind: 'markdown', value: describe(rule) }, range: { start: { line: pos.line, character: m.index }, end: { line: pos.line, character: m.index + m[0].length } } };
    }
  }
  const here = findings.filter((f) => within(pos, f));
  const metas = [...new Set(here.map((f) => f.ruleId))].map((id) => index.get(id)).filter((r): r is RuleMeta => r !== undefined);
  return metas.length ? { contents: { kind: 'markdown', value: metas.map(describe).join('\n\n---\n\n') } } : null;
}

function describeRule(r: RuleMeta, preset: string | undefined, citations: ProcessCitations | undefined): string {
  return [`**${r.id}** (${rfcFor(r, preset, undefined, citations)})`, '', r.description, '', `default: \`${r.defaultSeverity}\`${r.fixable ? ' · fixable' : ''} · [${r.id} in the rule list](${r.docs})`].join('\n');
}

function within(pos: Position, f: EditorFinding): boolean {
  const line = pos.line + 1;
  const col = pos.character + 1;
  if (line < f.line || line > f.endLine) return false;
  if (line === f.line && col < f.column) return false;
  if (line === f.endLine && col > f.endColumn) return false;
  return true;
}
