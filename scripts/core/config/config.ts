import path from 'node:path';
import { readFileSync, realpathSync } from 'node:fs';
import { pathKind } from '../replay/observed-reads.js';
import { isInside, readRegularFile } from '../io/source.js';
import type { ReadResult } from '../io/source.js';
import { didYouMeanHint } from '../base/did-you-mean.js';
import { UsageError } from '../base/errors.js';
import { parseJson } from '../parse/json-tree.js';
import type { Layout } from '../preset/layout.js';
import { presetFamiliesOff, presetLayout } from '../preset/layout.js';
import type { ConfigLayer } from './extends.js';
import { resolveExtends, workTreeTop } from './extends.js';
import { withProcess } from '../preset/process.js';
import type { ConfiguredSeverity } from '../model/findings.js';
import type { SchemaError } from '../engine/schema.js';
import type { FileSource } from '../io/source.js';
import { toPosix } from '../io/source.js';
import { builtinSchemaPath, schemaErrorReports, schemaErrors } from '../engine/schema.js';
import type { CacheStore } from '../cache/cache.js';
import { openCache } from '../cache/cache.js';
import type { StructuredDoc } from '../model/tree.js';
import { childPointer, decodePointerOrRoot, valueAt } from '../model/pointer.js';

export const CONFIG_FILE = 'specgate.config.json';
const CONFIG_SCHEMA = 'config';

export interface LoadedConfig {
  layout: Layout;
  /** As the file writes them; `resolveConfiguredRules` checks the ids and expands retired ones. */
  severities: Record<string, ConfiguredSeverity>;
  /** The config file used, repository-relative, if any. */
  file?: string;
  /** `file:line:column` of a rule id's key in the config, for messages. */
  ruleAt(id: string): string;
  /** The config's `plugins` (configuredPlugins), as the file writes them; loaded by core/config/plugins.ts unless --no-plugins. */
  plugins?: readonly string[];
  /** Where the preset came from: `--preset`, the config's `file:line:column`, or `default`. */
  presetFrom?: string;
  /** `file:line:column` of the key at a JSON Pointer of the config file, when the file has it (`--print-config`). */
  keyAt?(pointer: string): string | undefined;
  /** The config file's value, as read (checked against its schema). */
  raw?: Readonly<Record<string, unknown>>;
  /**
   * Families the config turns off as a whole (`"families": { "interop-map": "off" }`): a repository
   * without a family's inputs says so, and a run that names no family (the hook, the Action) skips it.
   */
  familiesOff?: readonly string[];
}

interface ConfigFile extends ConfigLayer {
  $schema?: string;
}

/**
/**
 * The config file found by searching upward from `from` (the root given with --root, else the
 * working directory): specgate.config.json in that folder or the nearest one above it, as ESLint
 * and markdownlint-cli2 search, but never beyond the repository: in a git work tree up to its top
 * (the folder holding .git); outside git, `from` itself only, so a config planted in /tmp or a
 * home folder never governs a run. Without --root, the folder of the file found is the root
 * (run-env.ts `resolveRoot`), as tsc takes the folder of its tsconfig.json.
 */
export function discoverConfig(from: string): string | undefined {
  return searchFolders(from).map((dir) => path.join(dir, CONFIG_FILE)).find((file) => pathKind(file) !== 'absent');
}

/** The folders a config is searched in (discoverConfig): `from`, then each one above it up to the repository's top; outside git, `from` only. */
function searchFolders(from: string): string[] {
  const start = path.resolve(from);
  const stop = workTreeTop(start) ?? start;
  const dirs = [start];
  for (let dir = start; dir !== stop && path.dirname(dir) !== dir; ) dirs.push((dir = path.dirname(dir)));
  // The walk is by name; a folder reached through a symlink out of the repository (a committed
  // `pkg -> /elsewhere`, named on the command line as `pkg/RFCS/x.md`) is not the repository's,
  // and neither its config nor the plugins that config names are read.
  const top = realOrSelf(stop);
  return dirs.filter((dir) => isInside(realOrSelf(dir), top));
}

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * The layout for a run: `--preset`, else the config file (`--config`, or the one discovered
 * upward from the root), else this project's own layout. `layout` entries of the
 * file override the preset's. A config that is not valid JSON or breaks
 * scripts/schemas/config.schema.json (unknown keys included) is a usage error that names
 * file:line:column; a --config that is missing or a folder is one too.
 */
export function loadConfig(
  root: string,
  opts: { preset?: string; config?: string },
  source?: Pick<FileSource, 'read'> & { readAbove?(files: readonly string[]): { file: string; got: ReadResult } | undefined },
): LoadedConfig {
  const none = (): LoadedConfig => {
    const familiesOff = presetFamiliesOff(opts.preset ?? 'specgate');
    return { layout: presetLayout(opts.preset ?? 'specgate'), severities: {}, ruleAt: () => CONFIG_FILE, presetFrom: opts.preset ? '--preset' : 'default', ...(familiesOff.length ? { familiesOff } : {}) };
  };
  let configPath: string | undefined;
  let got: ReadResult;
  // The root's own config comes from `source` when given (the git index, the editor's buffers).
  const fromSource = opts.config ? undefined : source?.read(CONFIG_FILE);
  if (opts.config) {
    configPath = path.resolve(opts.config);
    got = readRegularFile(configPath);
  } else if (fromSource && (fromSource.ok || fromSource.failure !== 'missing')) {
    configPath = path.join(root, CONFIG_FILE);
    got = fromSource;
  } else if (source?.readAbove) {
    // With --staged, the search above the root is in the index too: a config staged but deleted
    // from the working tree governs the commit; one on disk that is not staged is no part of it.
    const found = source.readAbove(searchFolders(root).slice(1).map((dir) => path.join(dir, CONFIG_FILE)));
    if (!found) return none();
    ({ file: configPath, got } = found);
  } else {
    configPath = discoverConfig(root);
    // None found; or the root's, which the source does not hold (the editor's buffers say it is gone).
    if (!configPath || (source && path.dirname(configPath) === root)) return none();
    // One discovered inside the root may not lead out of it through a symlink.
    got = readRegularFile(configPath, isInside(configPath, root) ? { root } : {});
  }
  if (!got.ok) throw new UsageError(`config file ${got.failure === 'missing' ? 'not found' : got.message}: ${opts.config ?? displayPath(configPath)}`);
  const raw = got.bytes.toString('utf8');

  const shown = displayPath(configPath);
  // The config's verdict is kept in the cache folder like any other (a warm run loads no ajv for it).
  const doc = parseConfig(shown, raw, (opts as { 'no-cache'?: unknown })['no-cache'] === true ? undefined : openCache(root));
  const cfg = doc.value as ConfigFile;
  const { layout, severities, ruleFile, familiesOff } = applyExtends(root, configPath, opts.preset, cfg);
  const ruleAt = (id: string) => {
    if (!Object.hasOwn(cfg.rules ?? {}, id)) return ruleFile.get(id) ?? shown;
    const at = doc.locate(childPointer('/rules', id), 'key');
    return `${shown}:${at.line}:${at.column}`;
  };
  const keyAt = (pointer: string) => {
    if (valueAt(doc.value, pointer) === undefined) return undefined;
    const at = doc.locate(pointer, 'key');
    return `${shown}:${at.line}:${at.column}`;
  };
  // Where the preset came from is located (a JSON tree of the config) only when asked (print-config):
  // a run that never says it loads no tree and no tree library for it.
  let presetFrom: { at: string | undefined } | undefined;
  const whence = () => (presetFrom ??= { at: opts.preset ? '--preset' : cfg.preset ? keyAt('/preset') : cfg.extends ? keyAt('/extends') : 'default' }).at;
  return {
    layout,
    severities,
    file: toPosix(path.relative(root, configPath)),
    ruleAt,
    get presetFrom() {
      return whence();
    },
    keyAt,
    raw: cfg as Record<string, unknown>,
    ...configuredPlugins(cfg),
    ...(familiesOff.length ? { familiesOff } : {}),
  };
}

/**
 * The config with what it extends (core/config/extends.ts): the built-in preset (--preset, else the
 * config's `preset`, else the last `specgate:<name>` it extends, else specgate), then each shared
 * config's layout, process and rules in order, then the file's own. `ruleFile` names the shared
 * config a rule's severity came from.
 */
function applyExtends(root: string, configPath: string, preset: string | undefined, cfg: ConfigFile): { layout: Layout; severities: Record<string, ConfiguredSeverity>; ruleFile: Map<string, string>; familiesOff: string[] } {
  const extended = resolveExtends(root, cfg.extends, configPath, (shown, raw) => parseConfig(shown, raw).value as ConfigLayer);
  const layout = presetLayout(preset ?? cfg.preset ?? extended.preset ?? 'specgate');
  const severities: Record<string, ConfiguredSeverity> = {};
  const ruleFile = new Map<string, string>();
  // The preset's own switches first; the configs it is under change them.
  const switches = new Map<string, string>(presetFamiliesOff(layout.preset).map((name) => [name, 'off']));
  for (const { shown, config } of [...extended.layers, { shown: '', config: cfg as ConfigLayer }]) {
    for (const [name, state] of Object.entries(config.families ?? {})) switches.set(name, state);
    Object.assign(layout, structuredClone(config.layout ?? {}));
    layout.process = withProcess(layout.process, config.process);
    for (const [id, severity] of Object.entries(config.rules ?? {})) {
      severities[id] = severity;
      if (shown) ruleFile.set(id, shown);
    }
  }
  return { layout, severities, ruleFile, familiesOff: [...switches].filter(([, state]) => state === 'off').map(([name]) => name) };
}

/** The `plugins` section: kept apart from the rest of the config, which names no code to run. */
function configuredPlugins(cfg: ConfigFile): Pick<LoadedConfig, 'plugins'> {
  return cfg.plugins?.length ? { plugins: [...cfg.plugins] } : {};
}

/**
 * The config file parsed and checked against its schema. Every problem is reported at once, one
 * line each at its `file:line:column` (ESLint and tsc list them all), so a config with three
 * mistakes takes one run to mend, not three.
 */
function parseConfig(shown: string, raw: string, cache?: CacheStore): StructuredDoc {
  const doc = parseJson(shown, raw);
  if (doc.problems.length) {
    throw new UsageError(doc.problems.map((problem) => {
      const at = doc.lines.at(problem.start);
      return `${shown}:${at.line}:${at.column}: ${problem.message}`;
    }).join('\n'));
  }
  const { errors: all, schema } = configErrors(doc, cache);
  if (all.length > 0) {
    // One mistake, one line: a key that breaks `propertyNames` is also ajv's generic "property
    // name must be valid" at the same place, which says nothing more.
    const errors = all.filter((e) => e.keyword !== 'propertyNames' || !all.some((o) => o !== e && o.keyword !== 'propertyNames' && o.instancePath === e.instancePath)).filter((e) => !otherExtendsBranch(e, doc.value));
    // The schema is passed so a misspelt key gets a "did you mean" from the keys it declares.
    const reports = [...schemaErrorReports(errors, doc, (e) => describeConfigError(e, doc.value), schema)];
    const lines = reports.map((r) => {
      const at = 'doc' in r.at ? doc.locate(r.at.pointer, r.at.on ?? 'value') : { line: 1, column: 1 };
      return { at, text: `${shown}:${at.line}:${at.column}: ${r.message}` };
    });
    lines.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
    throw new UsageError([...new Set(lines.map((l) => l.text))].join('\n'));
  }
  return doc;
}

/** The config file's errors against the config schema (scripts/schemas/config.schema.json), which runs JavaScript's patterns. */
function configErrors(doc: StructuredDoc, cache: CacheStore | undefined): { errors: readonly SchemaError[]; schema: unknown } {
  const schemaDoc = parseJson(`(built-in) ${CONFIG_SCHEMA}.schema.json`, readFileSync(builtinSchemaPath(CONFIG_SCHEMA), 'utf8'));
  return { errors: schemaErrors(schemaDoc, doc, cache, 'native').errors, schema: schemaDoc.value };
}

/** Severities as ESLint (`"warn"`, 0/1/2) and Spectral (`"warn"`, `"info"`, `"hint"`) spell them: this tool's word, and whose spelling it is. */
// Looked up by a word from the config or --rule: no prototype, so "constructor" or "toString" is
// an unknown word (it was an internal error), never Object's function.
export const SEVERITY_ELSEWHERE: Readonly<Record<string, readonly [string, string]>> = Object.assign(Object.create(null) as Record<string, readonly [string, string]>, {
  warn: ['warning', 'ESLint and Spectral'],
  info: ['notice', 'Spectral'],
  hint: ['notice', 'Spectral'],
  '0': ['off', 'ESLint'],
  '1': ['warning', 'ESLint'],
  '2': ['error', 'ESLint'],
} as const);

/**
 * `extends` is one config name or a list of them (a oneOf): a name that fails its pattern also
 * fails the other branch's type and the oneOf itself, which said `"extends" must be array` of
 * `"./folder"`. The branch the value's type chose says what is wrong; the others go.
 */
function otherExtendsBranch(e: SchemaError, config: unknown): boolean {
  if (e.instancePath !== '/extends') return false;
  if (e.keyword === 'oneOf') return true;
  const value = valueAt(config, e.instancePath);
  return e.keyword === 'type' && (typeof value === 'string' || Array.isArray(value));
}

/** What `extends` accepts, for its errors. */
const EXTENDS_ACCEPTS = 'specgate:<preset>, a ./path to a JSON config file (a .json file, not a folder), or an installed package name';

function describeConfigError(e: SchemaError, config: unknown): string {
  // Shown as the user wrote the keys: a rule id's "/" is not pointer-escaped.
  const keys = decodePointerOrRoot(e.instancePath);
  const where = keys.length === 0 ? 'the config' : keys[0] === 'rules' && keys.length === 2 ? `the severity of "${keys[1]}"` : `"${keys.join('.')}"`;
  if (keys[0] === 'extends' && (e.keyword === 'pattern' || e.keyword === 'minLength')) return `"extends" names ${JSON.stringify(valueAt(config, e.instancePath))}, which is not ${EXTENDS_ACCEPTS}`;
  if (keys[0] === 'extends' && e.keyword === 'type') return keys.length === 1 ? `"extends" must be a config name or a list of them: ${EXTENDS_ACCEPTS}` : `${where} must be a config name: ${EXTENDS_ACCEPTS}`;
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(e.params.additionalProperty)}" in ${where} (see ${CONFIG_SCHEMA}.schema.json)`;
    case 'enum': {
      const list = `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      const value = valueAt(config, e.instancePath);
      const elsewhere = keys[0] === 'rules' ? SEVERITY_ELSEWHERE[String(value)] : undefined;
      if (elsewhere) return `${list} — did you mean "${elsewhere[0]}"? (${JSON.stringify(value)} is how ${elsewhere[1]} spell${elsewhere[1].includes(' and ') ? '' : 's'} it)`;
      return typeof value === 'string' ? `${list}${didYouMeanHint(value, (e.params.allowedValues as unknown[]).map(String)).replace(/^;/, ' —')}` : list;
    }
    case 'pattern': {
      // A key that breaks `propertyNames` is named by ajv's `propertyName`, not by the path.
      const name = (e as { propertyName?: string }).propertyName;
      if (e.instancePath === '/layout/statusDocument/file' && e.params.pattern !== undefined && String(e.params.pattern).includes('markdown')) return `${where} must be a Markdown file (.md or .markdown): the report writes Markdown there`;
      return e.instancePath.startsWith('/rules')
        ? `rule ids look like "family/subject-constraint"; ${name === undefined ? where : JSON.stringify(name)} does not`
        : `${where} must be a repository-relative path with forward slashes that stays inside the root`;
    }
    case 'required':
      return `${where} is missing "${String(e.params.missingProperty)}"`;
    default:
      return `${where} ${e.message ?? `fails ${e.keyword}`}`;
  }
}


function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return toPosix(rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file);
}
