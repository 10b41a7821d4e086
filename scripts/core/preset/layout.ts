import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../base/package-root.js';
import type { ProcessOverrides, ProcessProfile } from './process.js';
import { withProcess } from './process.js';
import { FatalError, UsageError } from '../base/errors.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import type { FileSource } from '../io/source.js';

/** Where each governed document lives in a repository (repository-relative paths). */
export interface Layout {
  preset: string;
  interopMap: string;
  interopMapSchema: string;
  errorRegistry: string;
  openapi: string;
  a2aProto: string;
  runSnapshotSchema: string;
  taskStateSchema: string;
  /** Folder of `<family>.schema.json` facet schemas. */
  facetsDir: string;
  interopDoc: string;
  rfcsDir: string;
  invariants: string;
  /** The invariants file's schema; null means the tool's built-in schema for the upstream form. */
  invariantsSchema: string | null;
  /** Globs of the JSON Schemas the compatibility gate compares. */
  schemaGlobs: string[];
  /** The wire schemas of RFC 0211 §A/§B. */
  wireSchemas: { jsonrpcError: string; googleRpcStatus: string };
  /** The RFC process: status names, header rows (core/preset/process.ts). */
  process: ProcessProfile;
  /**
   * A status document generated from `specgate report` (rfcs/status-document-current keeps it
   * current; `check --fix` writes it): the file, its title line, and the report's sections it holds.
   */
  statusDocument?: { file: string; title?: string; sections?: Array<'counts' | 'statuses' | 'rfcs' | 'open-questions' | 'acceptance' | 'invariants' | 'citations'> };
}

/**
 * The presets are configs in the form of specgate.config.json (scripts/presets/<name>.json): a
 * layout, an RFC process, rule severities (`rules`: what the preset's process leaves off) and
 * `extends` (a preset extends another as `specgate:<name>`). A repository's config extends one the
 * same way and changes what differs.
 */
export const PRESET_NAMES = ['specgate', 'openwop', 'eip'] as const;

interface PresetFile {
  extends?: string;
  layout?: Partial<Omit<Layout, 'preset' | 'process'>>;
  process?: ProcessOverrides;
  rules?: Record<string, ConfiguredSeverity>;
  families?: Record<string, 'on' | 'off'>;
}

type LoadedPreset = { layout: Layout; rules: Readonly<Record<string, ConfiguredSeverity>>; families: Readonly<Record<string, 'on' | 'off'>> };
const presets = new Map<string, LoadedPreset>();

function loadPreset(name: string): LoadedPreset {
  if (!(PRESET_NAMES as readonly string[]).includes(name)) throw new UsageError(`unknown preset "${name}" (known: ${PRESET_NAMES.join(', ')})`);
  let preset = presets.get(name);
  if (!preset) {
    const file = JSON.parse(readFileSync(path.join(packageRoot(), 'scripts', 'presets', `${name}.json`), 'utf8')) as PresetFile;
    const base = file.extends ? loadPreset(builtinPresetName(file.extends)!) : undefined;
    const process = base ? withProcess(base.layout.process, file.process) : (file.process as ProcessProfile);
    // Rule ids are looked up by the object's own keys only: no prototype.
    const rules = Object.freeze(Object.assign(Object.create(null) as Record<string, ConfiguredSeverity>, base?.rules, file.rules));
    const families = Object.freeze(Object.assign(Object.create(null) as Record<string, 'on' | 'off'>, base?.families, file.families));
    preset = { layout: { ...base?.layout, ...file.layout, preset: name, process } as Layout, rules, families };
    presets.set(name, preset);
  }
  return preset;
}

/** The layout and process of a built-in preset, its `extends` applied. */
export function presetLayout(name: string): Layout {
  return structuredClone(loadPreset(name).layout);
}

/**
 * A built-in preset's rule severities (its `rules`, over those of the preset it extends): the
 * layer under a config's own `rules`, read by `presetDefault` and `severityOf` (core/engine/rule.ts,
 * core/engine/collector.ts) so list-rules, print-config, SARIF and the editor show the same.
 */
export function presetRules(name: string): Readonly<Record<string, ConfiguredSeverity>> {
  return loadPreset(name).rules;
}

/**
 * The families a built-in preset turns off (`families`, over those of the preset it extends): a
 * process without an interop map (the EIP preset) has nothing for interop-map to read.
 */
export function presetFamiliesOff(name: string): string[] {
  return Object.entries(loadPreset(name).families).flatMap(([family, state]) => (state === 'off' ? [family] : []));
}

/** The preset a `specgate:<name>` reference names (undefined for anything else). */
export function builtinPresetName(ref: string): string | undefined {
  return ref.startsWith('specgate:') ? ref.slice('specgate:'.length) : undefined;
}

/** The parts of a layout without which a command has nothing to govern. */
export type LayoutNeed = 'rfcsDir' | 'interopMap' | 'wireSchemas';

/** Every preset's name. */
export function presetNames(): string[] {
  return [...PRESET_NAMES];
}

/** The single documents of a layout that a tree laid out for it holds (the RFC folder aside). */
function layoutFiles(layout: Layout): string[] {
  return [layout.interopMap, layout.interopMapSchema, layout.errorRegistry, layout.openapi, layout.a2aProto, layout.runSnapshotSchema, layout.taskStateSchema, layout.interopDoc, layout.invariants, ...(layout.invariantsSchema ? [layout.invariantsSchema] : []), layout.wireSchemas.jsonrpcError, layout.wireSchemas.googleRpcStatus];
}

/**
 * The preset whose documents the tree holds: the one with the most of its files present, its RFC
 * folder counting as one (a repository of EIPs alone has `EIPS/` and nothing else); ties go to the
 * first preset, this repository's. `specgate init` proposes it.
 */
export function detectPreset(exists: (file: string) => boolean): { preset: string; missing: Record<string, string[]>; present: Record<string, number> } {
  const missing: Record<string, string[]> = {};
  const present: Record<string, number> = {};
  for (const name of PRESET_NAMES) {
    const layout = presetLayout(name);
    const files = layoutFiles(layout);
    missing[name] = files.filter((f) => !exists(f));
    present[name] = files.length - missing[name]!.length + (exists(layout.rfcsDir) ? 1 : 0);
  }
  const preset = PRESET_NAMES.reduce<string>((best, name) => (present[name]! > present[best]! ? name : best), PRESET_NAMES[0]);
  return { preset, missing, present };
}

/** A preset name that is not known: a usage error with a "did you mean" (leven is loaded only here, so the hook installer runs without dependencies). */
export async function checkPresetName(name: string | undefined): Promise<void> {
  if (name === undefined || (PRESET_NAMES as readonly string[]).includes(name)) return;
  const { didYouMeanHint } = await import('../base/did-you-mean.js');
  throw new UsageError(`unknown preset "${name}"${didYouMeanHint(name, [...PRESET_NAMES])} (known: ${PRESET_NAMES.join(', ')})`);
}

/**
 * Refuses a root that lacks what its preset expects (the RFC folder, the interop map), in one
 * line naming what is missing and the preset: an empty folder or a mistyped path must not pass
 * a gate, nor yield findings at places that do not exist.
 */
export async function requireLayout(source: Pick<FileSource, 'exists' | 'glob'>, layout: Layout, needs: readonly LayoutNeed[], shownRoot: string): Promise<void> {
  const missing: string[] = [];
  if (needs.includes('rfcsDir') && (await source.glob([`${layout.rfcsDir}/**/*.md`])).length === 0) missing.push(`no ${layout.rfcsDir}/ folder of RFCs`);
  if (needs.includes('interopMap') && !source.exists(layout.interopMap)) missing.push(`no interop map ${layout.interopMap}`);
  if (needs.includes('wireSchemas')) {
    for (const [section, file] of [['§A', layout.wireSchemas.jsonrpcError], ['§B', layout.wireSchemas.googleRpcStatus]] as const) {
      if (!source.exists(file)) missing.push(`no RFC 0211 ${section} wire schema ${file}`);
    }
  }
  if (missing.length === 0) return;
  if (missing.every((m) => m.includes('wire schema'))) {
    throw new FatalError(`${shownRoot} has ${missing.join(' and ')}, which RFC 0211's wire checks judge by (add them, or point "layout.wireSchemas" in specgate.config.json at yours)`);
  }
  // Where the tree holds another preset's documents, the hint every run gives says which.
  const hint = otherPresetHint(layout, (f) => source.exists(f));
  const other = PRESET_NAMES.filter((p) => p !== layout.preset);
  throw new FatalError(
    `${shownRoot} has ${missing.join(' and ')}, which the "${layout.preset}" preset expects (${hint ?? `check --root; or --preset ${other.join('|')}, or "layout" in specgate.config.json`})`,
  );
}

/**
 * One line when the files the run missed are where another preset keeps them: forgetting
 * `--preset openwop` in an upstream-layout repository names `SECURITY/invariants.yaml` and
 * `api/v2/openapi.yaml` as being there, instead of leaving a page of missing-file errors to explain it.
 */
export function otherPresetHint(layout: Layout, exists: (rel: string) => boolean): string | undefined {
  for (const name of PRESET_NAMES) {
    if (name === layout.preset) continue;
    const other = presetLayout(name);
    const here: string[] = [];
    const missed: string[] = [];
    for (const key of Object.keys(other) as (keyof Layout)[]) {
      const mine = layout[key];
      const theirs = other[key];
      if (typeof mine !== 'string' || typeof theirs !== 'string' || mine === theirs) continue;
      if (!exists(mine) && exists(theirs)) {
        here.push(theirs);
        missed.push(mine);
      }
    }
    if (here.length === 0) continue;
    const list = (xs: string[]) => (xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
    return `${list(here)} ${here.length === 1 ? 'is' : 'are'} here, where the "${name}" preset keeps ${here.length === 1 ? 'it' : 'them'}, but not ${list(missed)}: this looks like the "${name}" layout (run \`specgate init\`, which writes specgate.config.json, or pass --preset ${name})`;
  }
  return undefined;
}
