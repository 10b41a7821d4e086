/**
 * `specgate/rules`: the public, typed API for a repository's own rules (docs/plugins.md). A plugin
 * module's default export is a Plugin: families of rules that run with the built-in ones, through
 * the same engine, so their findings get a location, a severity from configuration, the baseline,
 * every output format, list-rules, the editor and --fix. Everything a rule needs is on its context
 * (`ctx.corpus` reads files, `ctx.report` reports, `ctx.visit` counts what it looked at) and in the
 * readers below; nothing else of specgate is public.
 */
import type { Plugin } from '../core/config/plugins.js';
import type { RuleContext } from '../core/engine/rule.js';
import type { RfcDocument } from '../rfc/document.js';
import { loadRfcSet } from '../rfc/set.js';

export type { Plugin, PluginFamily } from '../core/config/plugins.js';
export type { FamilyFacts } from '../core/engine/family.js';
export type { At, Report, Rule, RuleContext } from '../core/engine/rule.js';
export type { Finding, Fix, RelatedLocation, Severity, TextEdit } from '../core/model/findings.js';
export type { Layout } from '../core/preset/layout.js';
export type { Corpus } from '../core/parse/corpus.js';
export type { MarkdownDoc } from '../core/parse/markdown.js';
export type { Range } from '../core/model/position.js';
export type { HeaderRow, HeaderTable, RfcDocument } from '../rfc/document.js';
export { headerField, rfcNumber, rfcStatus } from '../rfc/document.js';
export { LineIndex } from '../core/model/position.js';

/** Types a plugin (an identity function: the editor checks the object against Plugin). */
export function definePlugin(plugin: Plugin): Plugin {
  return plugin;
}

/**
 * Every RFC of the repository's RFC folder (the layout's `rfcsDir`; README.md and the 0000
 * template left out), read by specgate's one RFC reader: title, header rows with their ranges,
 * sections. A file that cannot be read is a finding of its own, not a document here.
 */
export async function readRfcs(ctx: Pick<RuleContext, 'corpus'>): Promise<RfcDocument[]> {
  return (await loadRfcSet(ctx.corpus)).all();
}
