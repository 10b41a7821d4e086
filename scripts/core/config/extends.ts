import { createRequire } from 'node:module';
import path from 'node:path';
import { UsageError } from '../base/errors.js';
import type { Layout } from '../preset/layout.js';
import { builtinPresetName, PRESET_NAMES } from '../preset/layout.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import type { ProcessOverrides } from '../preset/process.js';
import { isPackageName } from '../base/package-spec.js';
import { isInside, readRegularFile, toPosix } from '../io/source.js';
import { pathKind, uncacheable } from '../replay/observed-reads.js';
import { realOf } from '../replay/user-cache.js';

/** What a shareable config may set (a repository's own config may also name plugins). */
export interface ConfigLayer {
  extends?: string | string[];
  preset?: string;
  layout?: Partial<Omit<Layout, 'preset' | 'process'>>;
  process?: ProcessOverrides;
  rules?: Record<string, ConfiguredSeverity>;
  /** Families turned off (or back on) as a whole: `"interop-map": "off"` where there is no interop map. */
  families?: Record<string, FamilySwitch>;
  plugins?: string[];
}

/** A family's switch in the config (`families`). */
export type FamilySwitch = 'off' | 'on';

export interface Extended {
  /** The built-in preset the chain names last (`specgate:<name>`), if any. */
  preset?: string;
  /** The shareable configs to apply, in order (what each extends before it), with the file each came from. */
  layers: Array<{ shown: string; config: ConfigLayer }>;
}

/** How deep configs may extend configs: deeper is a mistake, not a layout. */
const MAX_DEPTH = 8;
/**
 * How many shared configs one resolution may read in all. Depth alone does not bound the work: a
 * config naming the same file 20 times, each naming the next 20 times, 8 deep, asks for 20^8
 * reads (8 per level and 6 levels took 65 s; 20 overflowed the stack). Real chains read a few.
 */
export const MAX_EXTENDED_CONFIGS = 64;

/**
 * The configs `extends` names, read and checked against the config schema (`parse`), each after
 * what it extends itself: `specgate:<preset>` (a built-in preset, scripts/presets/), `./file.json`
 * (relative to the config naming it, inside the root, as every governed file is read), or a package
 * installed in the root whose main file is a JSON config. A shareable config names no plugins (code
 * is named by the repository itself) and may not extend itself.
 */
export function resolveExtends(root: string, refs: ConfigLayer['extends'], from: string, parse: (shown: string, raw: string) => ConfigLayer, chain: readonly string[] = [], budget = { left: MAX_EXTENDED_CONFIGS }): Extended {
  const out: Extended = { layers: [] };
  for (const ref of refs === undefined ? [] : Array.isArray(refs) ? refs : [refs]) {
    const preset = builtinPresetName(ref);
    if (preset !== undefined) {
      if (!(PRESET_NAMES as readonly string[]).includes(preset)) throw new UsageError(`${shown(from)}: extends "${ref}", which is no preset (known: ${PRESET_NAMES.map((p) => `specgate:${p}`).join(', ')})`);
      out.preset = preset;
      continue;
    }
    const file = locateConfig(root, ref, from);
    if (chain.includes(file) || file === from) throw new UsageError(`${shown(from)}: extends "${ref}", which extends it back (a circle)`);
    if (chain.length >= MAX_DEPTH) throw new UsageError(`${shown(from)}: extends more than ${MAX_DEPTH} configs deep`);
    if (--budget.left < 0) throw new UsageError(`${shown(from)}: extends more than ${MAX_EXTENDED_CONFIGS} configs in all (counting each time one is named)`);
    const got = readRegularFile(file, isInside(file, root) ? { root } : {});
    if (!got.ok) throw new UsageError(`${shown(from)}: extends "${ref}": ${got.failure === 'missing' ? 'not found' : got.message}`);
    const config = parse(shown(file), got.bytes.toString('utf8'));
    if (config.plugins?.length) throw new UsageError(`${shown(file)}: a shared config names no plugins; the repository's own specgate.config.json does`);
    const inner = resolveExtends(root, config.extends, file, parse, [...chain, from], budget);
    if (inner.preset !== undefined) out.preset = inner.preset;
    if (config.preset !== undefined) out.preset = config.preset;
    out.layers.push(...inner.layers, { shown: shown(file), config });
  }
  return out;
}

function locateConfig(root: string, ref: string, from: string): string {
  if (ref.startsWith('./')) {
    const file = path.resolve(path.dirname(from), ref);
    if (!isInside(file, root)) throw new UsageError(`${shown(from)}: extends "${ref}", which is outside the repository`);
    return file;
  }
  if (!isPackageName(ref)) throw new UsageError(`${shown(from)}: extends "${ref}", which is neither specgate:<preset>, a ./path, nor a package name (a "." or ".." segment would lead out of node_modules)`);
  // Node's resolver reads package.json files the result cache does not see.
  uncacheable(`extends the package ${ref}`);
  let file: string;
  try {
    file = createRequire(path.join(root, 'specgate.config.json')).resolve(ref);
  } catch {
    throw new UsageError(`${shown(from)}: extends "${ref}", which is neither specgate:<preset>, a ./path, nor a package installed in the repository`);
  }
  if (!file.endsWith('.json')) throw new UsageError(`${shown(from)}: extends "${ref}", whose main file is not a JSON config (${toPosix(file)})`);
  const leak = linkOut(root, ref, file);
  if (leak !== undefined) throw new UsageError(`${shown(from)}: extends "${ref}", which ${leak}; a shared config is read from the repository only`);
  return file;
}

/**
 * Why the package file Node resolved for `ref` may not be read, or undefined when it may. Node's
 * resolver follows symlinks, and a pull request can commit `node_modules/x` as a link to any
 * JSON on the user's disk. The file (its real path) must be inside the root (pnpm's links between
 * node_modules folders of the root stay inside it), or inside the repository (the work tree the
 * root is in: a monorepo's hoisted node_modules) reached through no symlink at all, package
 * folder included: a link leaving the root is never followed.
 */
function linkOut(root: string, ref: string, file: string): string | undefined {
  const real = realOf(file);
  const realRootDir = realOf(root);
  if (isInside(real, realRootDir)) return undefined;
  const top = workTreeTop(realRootDir) ?? realRootDir;
  const outside = `resolves to ${toPosix(real)}, outside the repository`;
  if (!isInside(real, top)) return outside;
  // Where Node found the package (the first node_modules folder up from the root that has it), as written.
  const lookup = createRequire(path.join(root, 'specgate.config.json')).resolve.paths(ref) ?? [];
  const found = lookup.map((dir) => path.join(dir, ref)).find((dir) => pathKind(dir) !== 'absent');
  if (found === undefined) return outside;
  // The same path from the root's real path: ancestors of a real path are real, so any folder on
  // the way down to the package that is a symlink makes its real path differ.
  const lexical = path.join(realRootDir, path.relative(path.resolve(root), found));
  if (realOf(lexical) !== lexical || !isInside(lexical, top) || !isInside(real, lexical)) return `resolves through a symlink to ${toPosix(real)}, outside the root`;
  return undefined;
}

/** The nearest folder at or above `dir` holding `.git` (a folder, or a file in a linked worktree): the repository's top. */
export function workTreeTop(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    if (pathKind(path.join(at, '.git')) !== 'absent') return at;
    if (path.dirname(at) === at) return undefined;
  }
}

function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return toPosix(rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file);
}
