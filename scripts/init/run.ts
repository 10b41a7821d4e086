import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../core/config.js';
import { detectPreset, presetLayout } from '../core/layout.js';
import { assertFolderInside, readSetupFile } from '../core/setup-file.js';
import { writeFileAtomic } from '../core/writer.js';
import { installAdopterHook } from '../hooks/install-hook.js';
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
export function configText(preset: string, noWireSchemas = false): string {
  const config: Record<string, unknown> = { $schema: './node_modules/specgate/scripts/schemas/config.schema.json', preset };
  if (noWireSchemas) config.rules = Object.fromEntries(WIRE_EXAMPLE_RULES.map((id) => [id, 'off']));
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * `specgate init`: the configuration for the layout the tree has (the preset with the fewest of its
 * documents missing, unless one is given), then on request the GitHub workflow and the hook. Every
 * step is idempotent: a file with the same text is left as it is; one with other text is kept
 * unless `force`.
 */
export function runInit(opts: InitOptions): { preset: string; detected: string; missing: string[]; steps: InitStep[] } {
  const exists = (f: string) => existsSync(path.join(opts.root, f));
  const { preset: detected, missing } = detectPreset(exists);
  const preset = opts.preset ?? detected;
  const layout = presetLayout(preset);
  const noWireSchemas = !exists(layout.wireSchemas.jsonrpcError) || !exists(layout.wireSchemas.googleRpcStatus);
  // Every folder first, so a link out of the repository stops the run before anything is written.
  for (const rel of opts.ci === 'github' ? [CONFIG_FILE, WORKFLOW_FILE] : [CONFIG_FILE]) assertFolderInside(opts.root, path.dirname(path.join(opts.root, rel)), path.dirname(rel));
  const steps: InitStep[] = [writeOnce(opts.root, CONFIG_FILE, configText(preset, noWireSchemas), opts.force)];
  if (noWireSchemas && steps[0]!.outcome === 'written') steps[0]!.message += `; the RFC 0211 wire schemas (${layout.wireSchemas.jsonrpcError}, ${layout.wireSchemas.googleRpcStatus}) are missing, so it turns off ${WIRE_EXAMPLE_RULES.join(' and ')}: add the schemas and remove those lines to judge RFC 0211's wire examples`;
  if (opts.ci === 'github') steps.push(writeOnce(opts.root, WORKFLOW_FILE, githubWorkflow(layout), opts.force));
  if (opts.hook) {
    const r = installAdopterHook(opts.root, opts.hook, { force: opts.force });
    steps.push({ file: r.hookFile ?? '', outcome: r.outcome, message: r.message });
  }
  return { preset, detected, missing: missing[preset] ?? [], steps };
}

function writeOnce(root: string, rel: string, text: string, force?: boolean): InitStep {
  const file = path.join(root, rel);
  assertFolderInside(root, path.dirname(file), path.dirname(rel));
  // A symlink, device or FIFO at the name is never read (a clone may commit one): it differs.
  const now = readSetupFile(file);
  const existing = now.state === 'absent' ? undefined : now.state === 'text' ? now.text : '';
  if (existing === text) return { file: rel, outcome: 'unchanged', message: `${rel} is up to date` };
  if (existing !== undefined && !force) return { file: rel, outcome: 'kept', message: `${rel} exists and differs, so it was left alone (--force overwrites it)` };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, text);
  return { file: rel, outcome: 'written', message: `wrote ${rel}` };
}
