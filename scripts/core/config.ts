import path from 'node:path';
import { readFileSync } from 'node:fs';
import { readRegularFile } from './source.js';
import { UsageError } from './errors.js';
import { parseJson } from './json-tree.js';
import type { Layout } from './layout.js';
import { presetLayout } from './layout.js';
import type { SeveritySetting } from './engine.js';
import type { SchemaError, Validator } from './schema.js';
import type { FileSource } from './source.js';
import { toPosix } from './source.js';
import { builtinSchemaPath, compileSchema, schemaErrorReports } from './schema.js';
import type { StructuredDoc } from './tree.js';

export const CONFIG_FILE = 'specgate.config.json';
export const CONFIG_SCHEMA = 'config';

export interface LoadedConfig {
  layout: Layout;
  /** As the file writes them; `resolveConfiguredRules` checks the ids and expands retired ones. */
  severities: Record<string, SeveritySetting>;
  /** The config file used, repository-relative, if any. */
  file?: string;
  /** `file:line:column` of a rule id's key in the config, for messages. */
  ruleAt(id: string): string;
}

interface ConfigFile {
  $schema?: string;
  preset?: string;
  layout?: Partial<Omit<Layout, 'preset'>>;
  rules?: Record<string, SeveritySetting>;
}

/**
 * The layout for a run: `--preset`, else the config file (`--config`, or specgate.config.json at
 * the root), else this project's own layout. `layout` entries of the file override the preset's.
 * A config that is not valid JSON or breaks scripts/schemas/config.schema.json (unknown keys
 * included) is a usage error that names file:line:column.
 */
export function loadConfig(root: string, opts: { preset?: string; config?: string }, source?: Pick<FileSource, 'read'>): LoadedConfig {
  const configPath = opts.config ? path.resolve(opts.config) : path.join(root, CONFIG_FILE);
  let raw: string | undefined;
  // An explicit --config is a file; the root's own config comes from `source` when given (the index).
  const got = !opts.config && source ? source.read(CONFIG_FILE) : readRegularFile(configPath, opts.config ? {} : { root });
  if (got.ok) raw = got.bytes.toString('utf8');
  else if (opts.config || got.failure !== 'missing') throw new UsageError(`config file ${got.failure === 'missing' ? 'not found' : got.message}: ${opts.config ?? configPath}`);
  if (raw === undefined) return { layout: presetLayout(opts.preset ?? 'specgate'), severities: {}, ruleAt: () => CONFIG_FILE };

  const shown = displayPath(configPath);
  const doc = parseConfig(shown, raw);
  const cfg = doc.value as ConfigFile;
  const layout = presetLayout(opts.preset ?? cfg.preset ?? 'specgate');
  Object.assign(layout, structuredClone(cfg.layout ?? {}));
  const ruleAt = (id: string) => {
    const at = doc.locate(`/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'key');
    return `${shown}:${at.line}:${at.column}`;
  };
  return { layout, severities: { ...cfg.rules }, file: toPosix(path.relative(root, configPath)), ruleAt };
}

function parseConfig(shown: string, raw: string): StructuredDoc {
  const doc = parseJson(shown, raw);
  const problem = doc.problems[0];
  if (problem) {
    const at = doc.lines.at(problem.start);
    throw new UsageError(`${shown}:${at.line}:${at.column}: ${problem.message}`);
  }
  const validate = configValidator();
  if (!validate(doc.value)) {
    const errors = validate.errors ?? [];
    const reports = schemaErrorReports(errors, doc, describeConfigError);
    const first = reports[0]!;
    const at = 'doc' in first.at ? doc.locate(first.at.pointer, first.at.on ?? 'value') : { line: 1, column: 1 };
    const more = reports.length > 1 ? ` (and ${reports.length - 1} more problem${reports.length > 2 ? 's' : ''})` : '';
    throw new UsageError(`${shown}:${at.line}:${at.column}: ${first.message}${more}`);
  }
  return doc;
}

/** The config schema's validator (scripts/schemas/config.schema.json). */
function configValidator(): Validator {
  const text = readFileSync(builtinSchemaPath(CONFIG_SCHEMA), 'utf8');
  return compileSchema(JSON.parse(text), text);
}

function describeConfigError(e: SchemaError): string {
  const where = e.instancePath ? `"${e.instancePath.slice(1).replace(/\//g, '.')}"` : 'the config';
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(e.params.additionalProperty)}" in ${where} (see ${CONFIG_SCHEMA}.schema.json)`;
    case 'enum':
      return `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return e.instancePath.startsWith('/rules')
        ? `rule ids look like "family/subject-constraint"; ${where} does not`
        : `${where} must be a repository-relative path with forward slashes that stays inside the root`;
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
