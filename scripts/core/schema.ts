import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseJson } from './json-tree.js';
import path from 'node:path';
import { didYouMean } from './did-you-mean.js';
import { packageRoot } from './package-root.js';
import { childPointer, valueAt } from './pointer.js';
import type { Report } from './rule.js';
import type { StructuredDoc } from './tree.js';

export interface SchemaError {
  instancePath: string;
  /** Where in the schema the failing keyword is (`#/$defs/row/additionalProperties`). */
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface Validator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** Schemas that ship with the tool (scripts/schemas/NAME.schema.json), read from the package. */
export function builtinSchemaPath(name: string): string {
  return path.join(packageRoot(), 'scripts', 'schemas', `${name}.schema.json`);
}

/** A schema the package ships, parsed with positions (a rule reads it through this loader, never the file system). */
export function builtinSchemaDoc(name: string): StructuredDoc {
  return parseJson(`(built-in) ${name}.schema.json`, readFileSync(builtinSchemaPath(name), 'utf8'));
}

export class SchemaCompileError extends Error {}

type AjvModules = {
  Ajv2020: typeof import('ajv/dist/2020.js').default;
  addFormats: typeof import('ajv-formats').default;
};
let ajvModules: AjvModules | undefined;

/**
 * ajv and ajv-formats, loaded when a schema is first compiled (a run that validates nothing never
 * loads them). Required, not imported, so compiling stays synchronous for the config.
 */
function ajvLib(): AjvModules {
  if (ajvModules) return ajvModules;
  return (ajvModules = {
    Ajv2020: (require('ajv/dist/2020.js') as { default: AjvModules['Ajv2020'] }).default,
    addFormats: (require('ajv-formats') as { default: AjvModules['addFormats'] }).default,
  });
}

const require = createRequire(import.meta.url);

const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true } as const;

type RegExpEngine = ((pattern: string, flags: string) => { test(s: string): boolean }) & { code: string };
let linear: RegExpEngine | undefined;

/**
 * A governed schema's `pattern`, `patternProperties` and `propertyNames` come from the pull
 * request, and so does the text they are matched against: a backtracking engine would let one
 * short pattern (`^(a+)+$`) run for hours. ajv takes another engine (`code.regExp`, its
 * documented ReDoS mitigation); this is re2js, RE2's linear-time matcher in plain JavaScript.
 * RE2 has no lookarounds or backreferences: a pattern with one does not compile, and the schema
 * is reported as not compiling. ajv keys compiled patterns by `toString()`, so each one says
 * its own source.
 */
function linearRegExp(): RegExpEngine {
  if (linear) return linear;
  const { RE2JS } = require('re2js') as typeof import('re2js');
  const engine = (pattern: string, flags: string) => {
    let re: InstanceType<typeof RE2JS>;
    try {
      re = RE2JS.compile(pattern);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(`pattern ${JSON.stringify(pattern)} cannot run on a linear-time engine (lookarounds and backreferences are not supported): ${why}`);
    }
    return { test: (s: string) => re.test(s), toString: () => `/${pattern}/${flags}` };
  };
  // Only read when ajv writes standalone code, which this project does not.
  return (linear = Object.assign(engine, { code: 'require("re2js").RE2JS.compile' }));
}

let meta: InstanceType<AjvModules['Ajv2020']> | undefined;

/** The instance that checks schemas against the meta-schema, with the options every compile uses. */
function metaValidator(): InstanceType<AjvModules['Ajv2020']> {
  if (meta) return meta;
  const { Ajv2020, addFormats } = ajvLib();
  meta = new Ajv2020({ ...AJV_OPTIONS });
  addFormats(meta);
  return meta;
}

/** Validators of this run, by how patterns run and the schema's text. */
const memory = new Map<string, Validator>();

/**
 * A validator for a JSON Schema (draft 2020-12, formats on, all errors), compiled by ajv once per
 * run for each distinct set of schema texts.
 */
export function compileSchema(schema: unknown, schemaText: string, patterns: Patterns = 'linear'): Validator {
  const key = `${patterns}\0${schemaText}`;
  const hit = memory.get(key);
  if (hit) return hit;
  const validate = compileWithAjv(schema, patterns);
  memory.set(key, validate);
  return validate;
}

/**
 * How a schema's patterns run: `linear` (re2js) for every schema a repository or a pull request
 * supplies; `native` (JavaScript's RegExp, lookarounds included) only for the schemas this
 * package ships (`builtinSchemaPath`), which are reviewed with its code.
 */
export type Patterns = 'linear' | 'native';

/** ajv's compile, with this project's options, formats and meta-schema check. */
export function compileWithAjv(schema: unknown, patterns: Patterns = 'linear'): Validator {
  const { Ajv2020, addFormats } = ajvLib();
  // Each schema gets an instance of its own (schemas may share an $id), but the draft 2020-12
  // meta-schema is compiled once per run: checking a schema against it in the instance that
  // compiles it would compile the meta-schema again for every schema.
  const ajv = new Ajv2020({ ...AJV_OPTIONS, validateSchema: false, ...(patterns === 'linear' ? { code: { regExp: linearRegExp() } } : {}) });
  addFormats(ajv);
  try {
    metaValidator().validateSchema(schema as object, true);
    return ajv.compile(schema as object) as unknown as Validator;
  } catch (e) {
    throw new SchemaCompileError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Schema errors as reports: an unexpected property at its key, a missing one at its parent,
 * anything else at the offending value. One misspelt key is one finding: an unexpected property
 * within a small edit distance of a property the same object lacks (a missing required one, or
 * one the schema declares there) is reported with a "did you mean", and the `missing required`
 * error for that property goes. A value of the wrong type is reported for its type only. Pass the
 * schema so declared (optional) properties are known too. Made one at a time: a file whose every row is broken has millions of errors, and the engine
 * keeps only the first reports of a file, so the rest are made and dropped one by one.
 */
export function* schemaErrorReports(errors: readonly SchemaError[], doc: StructuredDoc, describe: (e: SchemaError) => string = defaultMessage, schema?: unknown): Generator<Report> {
  const { near: nearOf, meant } = misspeltKeys(errors, doc.value, schema);
  // A value of the wrong type is one mistake: the enum or pattern it then also fails says nothing more.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    if (wrongType.has(e.instancePath) && e.keyword !== 'type' && !isUnexpected(e) && e.keyword !== 'required') continue;
    if (e.keyword === 'required' && meant.has(`${e.instancePath}\0${String(e.params.missingProperty)}`)) continue;
    if (isUnexpected(e)) {
      const prop = unexpectedName(e);
      const near = nearOf.get(`${e.instancePath}\0${prop}`);
      const message = near === undefined ? describe(e) : withSuggestion(describe({ ...e, params: { ...e.params, didYouMean: near } }), near);
      yield { at: { doc, pointer: childPointer(e.instancePath, prop), on: 'key' }, message };
    } else {
      yield { at: { doc, pointer: e.instancePath }, message: describe(e) };
    }
  }
}

function isUnexpected(e: SchemaError): boolean {
  return e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties';
}

function unexpectedName(e: SchemaError): string {
  return String(e.params.additionalProperty ?? e.params.unevaluatedProperty ?? '');
}

function withSuggestion(message: string, near: string): string {
  return message.includes('did you mean') ? message : `${message} — did you mean "${near}"?`;
}

/**
 * Misspelt keys (`instancePath NUL key` → the property meant) and the properties they were meant
 * to be (`instancePath NUL property`: not reported as missing). The candidates of an object are
 * the required properties it misses and, when the schema is given, the ones the failing keyword's
 * schema declares under `properties` that the object does not have (never one it has: that would
 * suggest a duplicate key).
 */
function misspeltKeys(errors: readonly SchemaError[], value: unknown, schema: unknown): { near: Map<string, string>; meant: Set<string> } {
  const out = new Map<string, string>();
  const meant = new Set<string>();
  // The missing required properties of each object, indexed once: a map with many broken rows has
  // as many errors, and a scan of all of them per unexpected key would be quadratic.
  const missing = new Map<string, string[]>();
  for (const r of errors) {
    if (r.keyword !== 'required') continue;
    const list = missing.get(r.instancePath) ?? [];
    list.push(String(r.params.missingProperty));
    missing.set(r.instancePath, list);
  }
  for (const e of errors) {
    if (!isUnexpected(e)) continue;
    const instance = valueAt(value, e.instancePath);
    const has = (k: string) => typeof instance === 'object' && instance !== null && Object.prototype.hasOwnProperty.call(instance, k);
    const candidates = new Set<string>(missing.get(e.instancePath));
    for (const k of declaredProperties(schema, e.schemaPath)) if (!has(k)) candidates.add(k);
    const near = didYouMean(unexpectedName(e), candidates);
    if (near === undefined) continue;
    out.set(`${e.instancePath}\0${unexpectedName(e)}`, near);
    meant.add(`${e.instancePath}\0${near}`);
  }
  return { near: out, meant };
}

/** The property names declared beside the failing keyword (`#/$defs/row/additionalProperties` → `#/$defs/row/properties`). */
function declaredProperties(schema: unknown, schemaPath: string | undefined): string[] {
  if (schema === undefined || !schemaPath?.startsWith('#/')) return [];
  const parent = valueAt(schema, schemaPath.replace(/\/[^/]*$/, ''));
  const props = typeof parent === 'object' && parent !== null ? (parent as { properties?: unknown }).properties : undefined;
  return typeof props === 'object' && props !== null ? Object.keys(props) : [];
}


export function defaultMessage(e: SchemaError): string {
  const where = e.instancePath || '(root)';
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return typeof e.params.didYouMean === 'string'
        ? `unexpected property "${unexpectedName(e)}" in ${where} — did you mean "${e.params.didYouMean}"?`
        : `unexpected property "${unexpectedName(e)}" in ${where}: the schema is closed`;
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
): Promise<boolean> {
  let validate: Validator;
  try {
    validate = compileSchema(schemaDoc.value, schemaDoc.text);
  } catch (e) {
    report({ at: { file: schemaDoc.file }, message: `schema does not compile: ${(e as Error).message.split('\n')[0]}` });
    return false;
  }
  if (validate(doc.value)) return true;
  for (const r of schemaErrorReports(validate.errors ?? [], doc, undefined, schemaDoc.value)) report(r);
  return false;
}
