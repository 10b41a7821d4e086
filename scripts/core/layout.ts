import { FatalError, UsageError } from './errors.js';
import type { FileSource } from './source.js';

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
}

const specgate: Layout = {
  preset: 'specgate',
  interopMap: 'spec/v2/interop-map.json',
  interopMapSchema: 'spec/v2/interop-map.schema.json',
  errorRegistry: 'spec/v2/errors.json',
  openapi: 'spec/v2/openapi.yaml',
  a2aProto: 'spec/v2/upstream/a2a-v1.0.1-bindings.proto',
  runSnapshotSchema: 'schemas/v2/run-snapshot.schema.json',
  taskStateSchema: 'schemas/v2/a2a-task-state.schema.json',
  facetsDir: 'spec/v2/facets',
  interopDoc: 'spec/v2/core/interop.md',
  rfcsDir: 'RFCS',
  invariants: 'invariants/invariants.yaml',
  invariantsSchema: 'invariants/invariants.schema.json',
  schemaGlobs: ['spec/**/*.schema.json', 'schemas/**/*.schema.json'],
  wireSchemas: {
    jsonrpcError: 'schemas/v2/a2a-jsonrpc-error.schema.json',
    googleRpcStatus: 'schemas/v2/google-rpc-status.schema.json',
  },
};

/** The upstream OpenWOP repository's layout. */
const openwop: Layout = {
  ...specgate,
  preset: 'openwop',
  openapi: 'api/v2/openapi.yaml',
  a2aProto: 'conformance/fixtures/upstream/a2a-v1.0.1/a2a.proto',
  invariants: 'SECURITY/invariants.yaml',
  invariantsSchema: null,
};

const PRESETS: Readonly<Record<string, Layout>> = { specgate, openwop };

export function presetLayout(name: string): Layout {
  const layout = PRESETS[name];
  if (!layout) throw new UsageError(`unknown preset "${name}" (known: ${Object.keys(PRESETS).join(', ')})`);
  return structuredClone(layout);
}

/** The parts of a layout without which a command has nothing to govern. */
export type LayoutNeed = 'rfcsDir' | 'interopMap' | 'wireSchemas';

/** Every preset's name. */
export function presetNames(): string[] {
  return Object.keys(PRESETS);
}

/** The single documents of a layout that a tree laid out for it holds (the RFC folder aside). */
function layoutFiles(layout: Layout): string[] {
  return [layout.interopMap, layout.interopMapSchema, layout.errorRegistry, layout.openapi, layout.a2aProto, layout.runSnapshotSchema, layout.taskStateSchema, layout.interopDoc, layout.invariants, ...(layout.invariantsSchema ? [layout.invariantsSchema] : []), layout.wireSchemas.jsonrpcError, layout.wireSchemas.googleRpcStatus];
}

/**
 * The preset whose documents the tree holds: the one with the most of its files present (ties go
 * to the first preset, this repository's). `specgate init` proposes it; a run that misses files
 * of its preset names it when it would find more of them.
 */
export function detectPreset(exists: (file: string) => boolean): { preset: string; missing: Record<string, string[]>; present: Record<string, number> } {
  const missing: Record<string, string[]> = {};
  const present: Record<string, number> = {};
  for (const [name, layout] of Object.entries(PRESETS)) {
    const files = layoutFiles(layout);
    missing[name] = files.filter((f) => !exists(f));
    present[name] = files.length - missing[name]!.length;
  }
  const preset = Object.keys(PRESETS).reduce((best, name) => (present[name]! > present[best]! ? name : best));
  return { preset, missing, present };
}

/**
 * When the tree misses documents of the preset in use but holds more of another preset's, the
 * line that says so (a run failing on a missing corpus names the preset that would find it).
 */
export function otherPresetHint(exists: (file: string) => boolean, layout: Layout): string | undefined {
  if (!PRESETS[layout.preset]) return undefined;
  const { preset, missing, present } = detectPreset(exists);
  const own = missing[layout.preset]!;
  if (preset === layout.preset || own.length === 0 || present[preset]! <= present[layout.preset]!) return undefined;
  return `${own.length} file${own.length === 1 ? '' : 's'} of the "${layout.preset}" preset ${own.length === 1 ? 'is' : 'are'} missing (${own.slice(0, 2).join(', ')}${own.length > 2 ? ', …' : ''}), but this tree is laid out like the "${preset}" preset: run \`specgate init\` (it writes specgate.config.json) or pass --preset ${preset}`;
}

/** A preset name that is not known: a usage error with a "did you mean" (leven is loaded only here, so the hook installer runs without dependencies). */
export async function checkPresetName(name: string | undefined): Promise<void> {
  if (name === undefined || PRESETS[name]) return;
  const { didYouMeanHint } = await import('./did-you-mean.js');
  throw new UsageError(`unknown preset "${name}"${didYouMeanHint(name, Object.keys(PRESETS))} (known: ${Object.keys(PRESETS).join(', ')})`);
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
  const hint = otherPresetHint((f) => source.exists(f), layout);
  const other = Object.keys(PRESETS).filter((p) => p !== layout.preset);
  throw new FatalError(
    `${shownRoot} has ${missing.join(' and ')}, which the "${layout.preset}" preset expects (${hint ? `this tree is laid out like another preset's: run \`specgate init\`, or pass --preset ${detectPreset((f) => source.exists(f)).preset}` : `check --root; or --preset ${other.join('|')}, or "layout" in specgate.config.json`})`,
  );
}
