import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { contentHash } from './content-hash.js';
import path from 'node:path';
import { packageRoot as findPackageRoot } from './package-root.js';
import type { Report } from './rule.js';
import { loadBuiltValidator } from './validator-code.js';
import type { StructuredDoc } from './tree.js';

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

/** Bump when the compile options below change, so cached validators are regenerated. */
const CACHE_VERSION = 'ajv8-2020-formats-allerrors-v1';

const packageRoot = findPackageRoot();
const require = createRequire(import.meta.url);
const memory = new Map<string, Validator>();

/** Where build-time validators live; runtime-compiled ones are cached beside the dependencies. */
export const BUILT_VALIDATORS_DIR = path.join(packageRoot, 'dist', 'validators');
export const RUNTIME_CACHE_DIR = path.join(packageRoot, 'node_modules', '.cache', 'specgate');

/** Schemas that ship with the tool (scripts/schemas/NAME.schema.json), read from the package. */
export function builtinSchemaPath(name: string): string {
  return path.join(packageRoot, 'scripts', 'schemas', `${name}.schema.json`);
}

export class SchemaCompileError extends Error {}

/** The cache key of a schema (and the schemas it references by `$id`). */
export function schemaKey(schemaText: string, extraTexts: readonly string[] = []): string {
  return contentHash(CACHE_VERSION, schemaText, ...[...extraTexts].sort());
}

/**
 * A validator for a JSON Schema (draft 2020-12, formats on, all errors). Startup matters more
 * than anything else here: a validator generated at build time (or cached by an earlier run) is
 * loaded as plain code, and ajv itself is only imported when a schema has never been seen.
 */
export async function compileSchema(schema: unknown, schemaText: string, extra: ReadonlyArray<{ schema: unknown; text: string }> = []): Promise<Validator> {
  const key = schemaKey(schemaText, extra.map((e) => e.text));
  const hit = memory.get(key) ?? loadCached(key);
  if (hit) {
    memory.set(key, hit);
    return hit;
  }
  const { validate, code } = await compileWithAjv(schema, extra.map((e) => e.schema));
  memory.set(key, validate);
  writeCache(RUNTIME_CACHE_DIR, key, code);
  return validate;
}

/** A validator generated at build time (or cached by an earlier run), loaded synchronously; undefined if none. */
export function cachedValidator(schemaText: string): Validator | undefined {
  const key = schemaKey(schemaText);
  const hit = memory.get(key) ?? loadCached(key);
  if (hit) memory.set(key, hit);
  return hit;
}

function loadCached(key: string): Validator | undefined {
  for (const dir of [BUILT_VALIDATORS_DIR, RUNTIME_CACHE_DIR]) {
    try {
      return loadBuiltValidator(path.join(dir, `${key}.cjs`), dir === BUILT_VALIDATORS_DIR);
    } catch {
      // not cached here
    }
  }
  return undefined;
}

export async function compileWithAjv(schema: unknown, extra: readonly unknown[] = []): Promise<{ validate: Validator; code: string }> {
  // ajv is CommonJS and external to the bundle: required, not imported, because the bundle's
  // chunks run through vm.Script (compile-cache.ts), where `import()` is not available.
  const [ajvMod, formatsMod, standaloneMod] = [require('ajv/dist/2020.js'), require('ajv-formats'), require('ajv/dist/standalone/index.js')] as unknown[];
  // CommonJS modules whose `module.exports` also carries `.default`.
  const Ajv2020 = cjsDefault(ajvMod) as typeof import('ajv/dist/2020.js').default;
  const addFormats = cjsDefault(formatsMod) as typeof import('ajv-formats').default;
  const standaloneCode = cjsDefault(standaloneMod) as typeof import('ajv/dist/standalone/index.js').default;
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, code: { source: true } });
  addFormats(ajv);
  try {
    for (const s of extra) ajv.addSchema(s as object);
    const validate = ajv.compile(schema as object);
    return { validate: validate as unknown as Validator, code: standaloneCode(ajv, validate) };
  } catch (e) {
    throw new SchemaCompileError(e instanceof Error ? e.message : String(e));
  }
}

function cjsDefault(mod: unknown): unknown {
  let m = (mod as { default?: unknown }).default ?? mod;
  if (m && typeof m === 'object' && 'default' in m) m = (m as { default: unknown }).default;
  return m;
}

export function writeCache(dir: string, key: string, code: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${key}.cjs`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  } catch {
    // A read-only install still works; it just compiles again next time.
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
    validate = await compileSchema(schemaDoc.value, schemaDoc.text);
  } catch (e) {
    report({ at: { file: schemaDoc.file }, message: `schema does not compile: ${(e as Error).message.split('\n')[0]}` });
    return false;
  }
  if (validate(doc.value)) return true;
  for (const r of schemaErrorReports(validate.errors ?? [], doc, describe)) report(r);
  return false;
}
