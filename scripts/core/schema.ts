import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from './package-root.js';
import type { Report } from './rule.js';
import type { StructuredDoc } from './tree.js';
import { writeFileAtomic } from './writer.js';

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface Validator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** Caches beside the dependencies (the parse cache lives under it), never in the governed repository. */
export const RUNTIME_CACHE_DIR = path.join(packageRoot(), 'node_modules', '.cache', 'specgate');

/** Schemas that ship with the tool (scripts/schemas/NAME.schema.json), read from the package. */
export function builtinSchemaPath(name: string): string {
  return path.join(packageRoot(), 'scripts', 'schemas', `${name}.schema.json`);
}

export class SchemaCompileError extends Error {}

type AjvModules = {
  Ajv2020: typeof import('ajv/dist/2020.js').default;
  addFormats: typeof import('ajv-formats').default;
  standaloneCode: typeof import('ajv/dist/standalone/index.js').default;
};
let ajvModules: AjvModules | undefined;

/**
 * ajv, ajv-formats and ajv's standalone code generator, loaded when a schema is first compiled
 * (a run whose validators are all cached never loads them). Required, not imported, so
 * compiling stays synchronous for the config.
 */
function ajvLib(): AjvModules {
  if (ajvModules) return ajvModules;
  return (ajvModules = {
    Ajv2020: (require('ajv/dist/2020.js') as { default: AjvModules['Ajv2020'] }).default,
    addFormats: (require('ajv-formats') as { default: AjvModules['addFormats'] }).default,
    standaloneCode: (require('ajv/dist/standalone/index.js') as { default: AjvModules['standaloneCode'] }).default,
  });
}

const require = createRequire(import.meta.url);

/** Validators of this run, by the texts of the schema and of the schemas it references. */
const memory = new Map<string, Validator>();

/**
 * Compiled validators kept between runs: ajv's own standalone code, unmodified, one CommonJS file
 * per schema. Compiling a schema the size of the interop map's costs several times node's own
 * startup; loading its code costs a small fraction. Schemas are governed files that change in pull
 * requests, so a file is named by a hash of everything its code depends on: the schema texts, the
 * ajv and ajv-formats versions and the options. It lives under the package's node_modules, so
 * its `require("ajv/...")` calls resolve to the package's own ajv.
 */
const VALIDATOR_CACHE_DIR = path.join(RUNTIME_CACHE_DIR, 'validators');
const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true } as const;

function validatorKey(texts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of [ajvVersions(), JSON.stringify(AJV_OPTIONS), 'formats', ...texts]) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

function ajvVersions(): string {
  return ['ajv', 'ajv-formats'].map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`).join(' ');
}

/**
 * A validator for a JSON Schema (draft 2020-12, formats on, all errors), compiled by ajv, or
 * loaded from the validator cache when these schema texts were compiled before.
 */
export function compileSchema(schema: unknown, schemaText: string, extra: ReadonlyArray<{ schema: unknown; text: string }> = []): Validator {
  const texts = [schemaText, ...extra.map((e) => e.text).sort()];
  const memoKey = texts.join('\0');
  const hit = memory.get(memoKey);
  if (hit) return hit;
  const file = path.join(VALIDATOR_CACHE_DIR, `${validatorKey(texts)}.cjs`);
  let validate = loadCachedValidator(file);
  if (!validate) {
    const compiled = ajvCompile(schema, extra.map((e) => e.schema), true);
    validate = compiled.validate;
    writeCachedValidator(file, compiled.code!);
  }
  memory.set(memoKey, validate);
  return validate;
}

function loadCachedValidator(file: string): Validator | undefined {
  try {
    const mod = require(file) as Validator & { default?: Validator };
    return mod.default ?? mod;
  } catch {
    return undefined; // not cached yet (or unreadable): compiled instead
  }
}

function writeCachedValidator(file: string, code: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomic(file, code, { durable: false });
  } catch {
    // a read-only install still works: it compiles again next run
  }
}

/** A validator compiled by ajv now, never cached (e.g. the SARIF schema in tests). */
export function compileWithAjv(schema: unknown, extra: readonly unknown[] = []): Validator {
  return ajvCompile(schema, extra, false).validate;
}

/** ajv's compile; with `source`, also its standalone code for the validator cache. */
function ajvCompile(schema: unknown, extra: readonly unknown[], source: boolean): { validate: Validator; code?: string } {
  const { Ajv2020, addFormats, standaloneCode } = ajvLib();
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source } });
  addFormats(ajv);
  try {
    for (const s of extra) ajv.addSchema(s as object);
    const validate = ajv.compile(schema as object);
    return { validate: validate as unknown as Validator, code: source ? standaloneCode(ajv, validate) : undefined };
  } catch (e) {
    throw new SchemaCompileError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Schema errors as reports: an unexpected property at its key, a missing one at its parent,
 * anything else at the offending value.
 */
export function schemaErrorReports(errors: readonly SchemaError[], doc: StructuredDoc, describe: (e: SchemaError) => string = defaultMessage): Report[] {
  const reports: Report[] = [];
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const prop = String(e.params.additionalProperty ?? e.params.unevaluatedProperty ?? '');
      reports.push({ at: { doc, pointer: `${e.instancePath}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`, on: 'key' }, message: describe(e) });
    } else {
      reports.push({ at: { doc, pointer: e.instancePath }, message: describe(e) });
    }
  }
  return reports;
}

export function defaultMessage(e: SchemaError): string {
  const where = e.instancePath || '(root)';
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `unexpected property "${String(e.params.additionalProperty ?? e.params.unevaluatedProperty)}" in ${where}: the schema is closed`;
    case 'required':
      return `missing required property "${String(e.params.missingProperty)}" in ${where}`;
    case 'enum':
      return `${where} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where} must be ${JSON.stringify(e.params.allowedValue)}`;
    default:
      return `${where} ${e.message ?? `fails ${e.keyword}`}`;
  }
}

/**
 * Validates a parsed document against a schema document and reports each error at its place.
 * A schema that does not compile is reported at the schema file.
 */
export async function validateDoc(
  doc: StructuredDoc,
  schemaDoc: StructuredDoc,
  report: (r: Report) => void,
  describe?: (e: SchemaError) => string,
): Promise<boolean> {
  let validate: Validator;
  try {
    validate = compileSchema(schemaDoc.value, schemaDoc.text);
  } catch (e) {
    report({ at: { file: schemaDoc.file }, message: `schema does not compile: ${(e as Error).message.split('\n')[0]}` });
    return false;
  }
  if (validate(doc.value)) return true;
  for (const r of schemaErrorReports(validate.errors ?? [], doc, describe)) report(r);
  return false;
}
