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
export type LayoutNeed = 'rfcsDir' | 'interopMap';

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
  if (missing.length === 0) return;
  const other = Object.keys(PRESETS).filter((p) => p !== layout.preset);
  throw new FatalError(
    `${shownRoot} has ${missing.join(' and ')}, which the "${layout.preset}" preset expects (check --root; or --preset ${other.join('|')}, or "layout" in specgate.config.json)`,
  );
}

/**
 * One line when the files the run missed are where another preset keeps them: forgetting
 * `--preset openwop` in an upstream-layout repository names `SECURITY/invariants.yaml` and
 * `api/v2/openapi.yaml` as being there, instead of leaving a page of missing-file errors to explain it.
 */
export function otherPresetHint(layout: Layout, exists: (rel: string) => boolean): string | undefined {
  for (const [name, other] of Object.entries(PRESETS)) {
    if (name === layout.preset) continue;
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
    return `${list(here)} ${here.length === 1 ? 'is' : 'are'} here, where the "${name}" preset keeps ${here.length === 1 ? 'it' : 'them'}, but not ${list(missed)}: this looks like the "${name}" layout (--preset ${name}, or "preset": "${name}" in specgate.config.json)`;
  }
  return undefined;
}
