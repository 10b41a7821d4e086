import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, loadConfig } from '../core/config/config.js';
import { detectPreset, presetLayout } from '../core/preset/layout.js';
import type { Layout } from '../core/preset/layout.js';
import { toPosix } from '../core/io/source.js';
import { assertFolderInside, readSetupFile } from '../core/io/setup-file.js';
import { writeFileAtomic } from '../core/io/writer.js';
import { installAdopterHook, repositoryTop } from '../hooks/install-hook.js';
import type { HookForm } from '../hooks/install-hook.js';
import { githubWorkflow, WORKFLOW_FILE } from './workflow.js';

export interface InitStep {
  file: string;
  outcome: 'written' | 'unchanged' | 'kept' | 'installed' | 'updated' | 'kept-foreign' | 'skipped';
  message: string;
}

export interface InitOptions {
  root: string;
  preset?: string;
  ci?: 'github';
  hook?: HookForm;
  force?: boolean;
}

/** The rules that judge RFC 0211's wire examples by the repository's own §A/§B schemas. */
export const WIRE_EXAMPLE_RULES = ['wire-examples/positive-passes', 'wire-examples/negative-fails-as-labelled'];

/**
 * The configuration `init` writes: the preset, and the schema path of the installed copy for
 * editors. A tree without RFC 0211's wire schemas cannot have its wire examples judged: their rules
 * are turned off here, in the open, rather than left to fail (or to a baseline that would hide a
 * check that looked at nothing).
 */
export function configText(preset: string, noWireSchemas = false, familiesOff: readonly string[] = []): string {
  const config: Record<string, unknown> = { $schema: './node_modules/specgate/scripts/schemas/config.schema.json', preset };
  if (familiesOff.length) config.families = Object.fromEntries(familiesOff.map((name) => [name, 'off']));
  if (noWireSchemas && !familiesOff.includes('wire-examples')) config.rules = Object.fromEntries(WIRE_EXAMPLE_RULES.map((id) => [id, 'off']));
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * The built-in families whose inputs the tree does not have, each with the reason: they are
 * turned off in the config `init` writes (issue 34 §1), never left to fail as a setup error. A
 * repository with only RFCs under its own process keeps `rfcs` alone.
 */
export function familiesWithoutInputs(layout: Layout, exists: (rel: string) => boolean, hasRfcs: boolean): Array<{ family: string; why: string }> {
  const off: Array<{ family: string; why: string }> = [];
  const noMap = !exists(layout.interopMap);
  if (!hasRfcs) off.push({ family: 'rfcs', why: `no ${layout.rfcsDir}/ folder of RFCs` });
  if (noMap) off.push({ family: 'interop-map', why: `no interop map ${layout.interopMap}` });
  if (!hasRfcs || !exists(layout.invariants)) off.push({ family: 'invariants', why: hasRfcs ? `no invariants file ${layout.invariants}` : `no ${layout.rfcsDir}/ folder` });
  if (!hasRfcs || noMap) off.push({ family: 'wire-examples', why: noMap ? `no interop map ${layout.interopMap}` : `no ${layout.rfcsDir}/ folder` });
  return off;
}

/**
 * `specgate init`: the configuration for the layout the governed folder has (the preset with the
 * fewest of its documents missing, unless one is given; the families whose inputs it lacks off),
 * written in that folder, then on request the GitHub workflow and the hook at the repository's top,
 * where GitHub and git read them, with the governed folder's paths. Every step is idempotent: a
 * file with the same text is left as it is; one with other text is kept unless `force`.
 */
export function runInit(opts: InitOptions): { preset: string; detected: string; missing: string[]; steps: InitStep[]; familiesOff: string[] } {
  const exists = (f: string) => existsSync(path.join(opts.root, f));
  const { preset: detected, missing } = detectPreset(exists);
  const preset = opts.preset ?? detected;
  const layout = presetLayout(preset);
  const noWireSchemas = !exists(layout.wireSchemas.jsonrpcError) || !exists(layout.wireSchemas.googleRpcStatus);
  const hasRfcs = hasMarkdown(path.join(opts.root, layout.rfcsDir));
  const without = familiesWithoutInputs(layout, exists, hasRfcs);
  const familiesOff = without.map((w) => w.family);
  const top = repositoryTop(opts.root);
  const prefix = toPosix(path.relative(top, opts.root));
  const shown = (rel: string) => (prefix ? `${prefix}/${rel}` : rel);
  // Every folder first, so a link out of the repository stops the run before anything is written.
  assertFolderInside(opts.root, opts.root, '.');
  if (opts.ci === 'github') assertFolderInside(top, path.dirname(path.join(top, WORKFLOW_FILE)), path.dirname(WORKFLOW_FILE));
  const steps: InitStep[] = [writeOnce(opts.root, CONFIG_FILE, configText(preset, noWireSchemas, familiesOff), opts.force, shown(CONFIG_FILE))];
  if (steps[0]!.outcome === 'written') {
    if (without.length) steps[0]!.message += `; it turns off the ${without.map((w) => `${w.family} family (${w.why})`).join(', the ')}: a family whose inputs the repository has not is off, not a setup error`;
    if (noWireSchemas && !familiesOff.includes('wire-examples')) steps[0]!.message += `; the RFC 0211 wire schemas (${layout.wireSchemas.jsonrpcError}, ${layout.wireSchemas.googleRpcStatus}) are missing, so it turns off ${WIRE_EXAMPLE_RULES.join(' and ')}: add the schemas and remove those lines to judge RFC 0211's wire examples`;
  }
  if (opts.ci === 'github') {
    // The config in force (the one just written, or the one kept), not the preset's defaults.
    const inForce = configInForce(opts.root, layout, familiesOff);
    steps.push(writeOnce(top, WORKFLOW_FILE, githubWorkflow(inForce.layout, { prefix, familiesOff: inForce.familiesOff }), opts.force));
  }
  if (opts.hook) {
    const r = installAdopterHook(opts.root, opts.hook, { force: opts.force });
    steps.push({ file: r.hookFile ?? '', outcome: r.outcome, message: r.message });
  }
  return { preset, detected, missing: missing[preset] ?? [], steps, familiesOff };
}

function configInForce(root: string, layout: Layout, familiesOff: string[]): { layout: Layout; familiesOff: readonly string[] } {
  try {
    const config = loadConfig(root, {});
    return { layout: config.layout, familiesOff: config.familiesOff ?? [] };
  } catch {
    return { layout, familiesOff };
  }
}

/** Whether a folder holds a Markdown file at any depth (the RFC folder a family needs). */
function hasMarkdown(dir: string): boolean {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((f) => f.endsWith('.md'));
  } catch {
    return false;
  }
}

function writeOnce(root: string, rel: string, text: string, force?: boolean, shown = rel): InitStep {
  const file = path.join(root, rel);
  assertFolderInside(root, path.dirname(file), path.dirname(rel));
  // A symlink, device or FIFO at the name is never read (a clone may commit one): it differs.
  const now = readSetupFile(file);
  const existing = now.state === 'absent' ? undefined : now.state === 'text' ? now.text : '';
  if (existing === text) return { file: shown, outcome: 'unchanged', message: `${shown} is up to date` };
  if (existing !== undefined && !force) return { file: shown, outcome: 'kept', message: `${shown} exists and differs, so it was left alone (--force overwrites it)` };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, text);
  return { file: shown, outcome: 'written', message: `wrote ${shown}` };
}
