import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseJson } from '../parse/json-tree.js';
import path from 'node:path';
import type { CacheStore } from '../cache/cache.js';
import { libraryVersion, sha256 } from '../cache/cache.js';
import { didYouMean } from '../base/did-you-mean.js';
import { packageRoot } from '../base/package-root.js';
import { printable } from '../base/printable.js';
import { childPointer, valueAt } from '../model/pointer.js';
import type { Report } from './rule.js';
import { capErrorsInCode, keptErrors, MAX_SCHEMA_ERRORS } from './schema-error-cap.js';
import type { StructuredDoc } from '../model/tree.js';

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
  /** The first errors of the last validation, at most MAX_SCHEMA_ERRORS (`core/engine/schema-error-cap.ts`). */
  errors?: SchemaError[] | null;
  /** How many errors the last validation had, the ones past the cap included. */
  errorCount?: number;
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
  standaloneCode: typeof import('ajv/dist/standalone/index.js').default;
};
let ajvModules: AjvModules | undefined;

/**
 * ajv and ajv-formats, loaded when a schema is first compiled (a run that validates nothing never
 * loads them), from ajv-libs.cjs (in the build, one bundle of them). Required, not imported, so
 * compiling stays synchronous for the config.
 */
function ajvLib(): AjvModules {
  return (ajvModules ??= require('./ajv-libs.cjs') as AjvModules);
}

const require = createRequire(import.meta.url);

/**
 * ajv's own logger wrote its warnings raw on stderr, and they quote the schema (a format's name, a
 * property's path): escape sequences and GitHub workflow commands from a pull request reached the
 * terminal and the CI log. Its warnings go through the reporters' printable filter, once each,
 * after `specgate: warning:` (so none starts a line of its own); `log` says nothing.
 */
const AJV_LOGGER = { log: () => undefined, warn: ajvWarning, error: ajvWarning };
const AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, logger: AJV_LOGGER } as const;

const ajvWarned = new Set<string>();

function ajvWarning(...args: unknown[]): void {
  const line = printable(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  if (ajvWarned.has(line)) return;
  ajvWarned.add(line);
  process.stderr.write(`specgate: warning: ${line}\n`);
}

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
  // What ajv's standalone code calls for each pattern: the lazy engine below, so a cached
  // validator loads re2js and compiles a pattern only when a value reaches that pattern.
  return (linear = Object.assign(engine, { code: `require(${JSON.stringify(LAZY_LINEAR)})` }));
}

const LAZY_LINEAR = 'specgate:linear-regexp';

/**
 * The engine of cached validators: a pattern is compiled (by `linearRegExp`) at its first test. It
 * compiled when the validator was made. A test whose pattern and value the validation's memo
 * holds (`patternMemo`) is answered from it, so re2js loads only for a value no earlier run tested.
 */
function lazyLinearRegExp(pattern: string, flags: string): { test(s: string): boolean } {
  let re: { test(s: string): boolean } | undefined;
  const test = (s: string): boolean => {
    const memo = activeMemo;
    // A pair's key holds the pattern: a long one (a schema is the pull request's) is not kept, or
    // 20,000 values of a 10 KB pattern held 200 MiB and the memo's write peaked at 1 GiB.
    const key = memo && s.length <= MAX_MEMO_VALUE && pattern.length <= MAX_MEMO_PATTERN ? JSON.stringify([flags, pattern, s]) : undefined;
    // A long-lived process (the language server) meets new values at every edit: past the cap, no more are kept.
    const keep = (matched: boolean) => key !== undefined && memo!.used.size < MAX_MEMO_PAIRS && memo!.used.set(key, matched);
    const known = key === undefined ? undefined : memo!.pairs.get(key);
    if (known !== undefined) {
      keep(known);
      return known;
    }
    validatorCache.linearTests++;
    const matched = (re ??= linearRegExp()(pattern, flags)).test(s);
    if (keep(matched)) memo!.fresh = true;
    return matched;
  };
  return { test, toString: () => `/${pattern}/${flags}` } as { test(s: string): boolean };
}

/**
 * re2js's answers for one cached validator, kept beside it in the cache folder (`validators/`,
 * authenticated like every entry), keyed by the validator's key (the schema's text and the
 * versions of ajv and re2js): its pattern, the value and whether it matched. After an edit of a
 * document most of its values are the ones an earlier run tested (a map edit changes one row), and
 * loading re2js costs more than the whole validation (docs/decisions/module-loading.md). Values
 * longer than MAX_MEMO_VALUE and patterns longer than MAX_MEMO_PATTERN are not kept, and a memo holds at most MAX_MEMO_PAIRS. Read on the
 * validator's first call; written once, when the process exits, and only when a test was new.
 */
interface PatternMemo {
  pairs: Map<string, boolean>;
  used: Map<string, boolean>;
  fresh: boolean;
}
let activeMemo: PatternMemo | undefined;
const MAX_MEMO_VALUE = 256;
const MAX_MEMO_PAIRS = 20_000;
/** Patterns longer than this are not memoized (the interop map's are under 100 characters): a memo stays under MAX_MEMO_PAIRS × 1 KiB. */
const MAX_MEMO_PATTERN = 512;
const MAX_MEMO_KEY = 2 * (MAX_MEMO_PATTERN + MAX_MEMO_VALUE) + 16;
const memos = new Map<string, { memo: PatternMemo; cache: CacheStore }>();
let exitHooked = false;

function readPatternMemo(body: string | undefined): Map<string, boolean> {
  const pairs = new Map<string, boolean>();
  if (body === undefined) return pairs;
  try {
    const v = JSON.parse(body) as unknown;
    if (Array.isArray(v) && v.length <= MAX_MEMO_PAIRS) for (const e of v) if (Array.isArray(e) && typeof e[0] === 'string' && e[0].length <= MAX_MEMO_KEY && typeof e[1] === 'boolean') pairs.set(e[0], e[1]);
  } catch {
    // a torn entry: every test runs on re2js
  }
  return pairs;
}

function patternMemo(vkey: string, cache: CacheStore): PatternMemo {
  let held = memos.get(vkey);
  if (!held) {
    if (!exitHooked) process.once('exit', writePatternMemos);
    exitHooked = true;
    held = { memo: { pairs: readPatternMemo(cache.get('validators', `${vkey}.patterns.json`)), used: new Map(), fresh: false }, cache };
    memos.set(vkey, held);
  }
  return held.memo;
}

/** Writes the memos that learnt a test (the earlier pairs stay while there is room; past it, this run's pairs alone). */
export function writePatternMemos(): void {
  for (const [vkey, { memo, cache }] of memos) {
    if (!memo.fresh) continue;
    const all = new Map([...memo.pairs, ...memo.used]);
    const kept = all.size <= MAX_MEMO_PAIRS ? all : memo.used;
    cache.set('validators', `${vkey}.patterns.json`, JSON.stringify([...kept]));
    memo.pairs = kept;
    memo.fresh = false;
  }
}

/** A cached validator that answers its pattern tests from the memo of its key while it runs. */
function withPatternMemo(validate: Validator, vkey: string, cache: CacheStore): Validator {
  const memoed: Validator = (data: unknown) => {
    const outer = activeMemo;
    activeMemo = patternMemo(vkey, cache);
    try {
      return validate(data);
    } finally {
      activeMemo = outer;
      memoed.errors = validate.errors;
      memoed.errorCount = validate.errorCount;
    }
  };
  return memoed;
}

let meta: InstanceType<AjvModules['Ajv2020']> | undefined;

/** The instance that checks schemas against the meta-schema, with the options every compile uses. */
function metaValidator(): InstanceType<AjvModules['Ajv2020']> {
  if (meta) return meta;
  const { Ajv2020, addFormats } = ajvLib();
  meta = new Ajv2020({ ...AJV_OPTIONS, code: { process: capErrorsInCode } });
  addFormats(meta);
  return meta;
}

/** Validators of this run, by key. */
const memory = new Map<string, Validator>();

/**
 * What this process knows of the validator cache: the library versions in its keys (read once),
 * and how many schemas it compiled with ajv (the rest came from the cache). Tests change the
 * versions and `forget()` this run's validators to see a fresh compile.
 */
export const validatorCache = {
  versions: undefined as string | undefined,
  compiled: 0,
  /** Pattern tests of cached validators that ran on re2js (the rest were answered by the memo). */
  linearTests: 0,
  forget(): void {
    memory.clear();
    results.clear();
    writePatternMemos();
    memos.clear();
  },
};

/** The versions of the libraries a validator's code comes from and calls (read from their package.json files). */
function libraryVersions(): string {
  return (validatorCache.versions ??= ['ajv', 'ajv-formats', 're2js'].map((name) => `${name}@${libraryVersion(name)}`).join(' '));
}

/** Bump when what is cached, or how it is loaded, changes. */
const VALIDATOR_FORMAT = 'specgate-validator 1';

/**
 * What a compiled validator depends on: the schema's text, the options, how patterns run and the
 * versions of ajv, ajv-formats and re2js. The name of its cache entry.
 */
export function validatorKey(schemaText: string, patterns: Patterns = 'linear'): string {
  return sha256([VALIDATOR_FORMAT, libraryVersions(), JSON.stringify(AJV_OPTIONS), 'formats:full', patterns, schemaText].join('\0'));
}

/**
 * A validator for a JSON Schema (draft 2020-12, formats on, all errors), once per run for each
 * schema text. With a cache, ajv's standalone code for it is kept there (compiling a schema the
 * size of the interop map's costs several times node's own start-up; loading its code a small
 * fraction) and loaded from there next time; an entry that does not load is compiled afresh.
 */
export function compileSchema(schema: unknown, schemaText: string, patterns: Patterns = 'linear', cache?: CacheStore): Validator {
  const key = validatorKey(schemaText, patterns);
  const hit = memory.get(key);
  if (hit) return hit;
  const entry = `${key}.cjs`;
  const code = cache?.get('validators', entry);
  let raw = code === undefined ? undefined : loadStandalone(code);
  const fromCache = raw !== undefined;
  if (!raw) {
    validatorCache.compiled++;
    const { Ajv2020, addFormats, standaloneCode } = ajvLib();
    const made = ajvCompile(Ajv2020, addFormats, schema, patterns, cache !== undefined);
    raw = made.validate;
    if (cache) {
      try {
        // ajv's code.process hook does not reach standalone output: the error cap is applied to it here.
        cache.set('validators', entry, capErrorsInCode(standaloneCode(made.ajv, made.validate as never)));
      } catch {
        // a schema ajv cannot write as code is compiled again next run
      }
    }
  }
  // Code from the cache runs its patterns on the lazy engine, which the memo answers first.
  const validate = fromCache && cache && patterns === 'linear' ? withPatternMemo(bounded(raw), key, cache) : bounded(raw);
  remember(memory, key, validate);
  return validate;
}

/** Only what ajv's standalone code requires: its runtime, ajv-formats' formats and the lazy pattern engine. */
function standaloneRequire(id: string): unknown {
  if (id === LAZY_LINEAR) return lazyLinearRegExp;
  if (/^ajv\/dist\/runtime\/[\w-]+$/.test(id) || id === 'ajv-formats/dist/formats') return require(id);
  throw new Error(`a cached validator asked for ${id}`);
}

/** A validator from ajv's standalone code (CommonJS), or undefined when the code does not load. */
function loadStandalone(code: string): Validator | undefined {
  try {
    const module = { exports: {} as { default?: unknown } };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- ajv's own output, written by this process (see core/cache/cache.ts)
    new Function('require', 'module', 'exports', code)(standaloneRequire, module, module.exports);
    const validate = module.exports.default ?? module.exports;
    return typeof validate === 'function' ? (validate as Validator) : undefined;
  } catch {
    return undefined;
  }
}

/** Bump when a cached result's shape changes. */
const RESULT_FORMAT = 'specgate-result 1';
/** Results with more errors than this are not kept: a broken file is rare, and its errors are many. */
const MAX_CACHED_ERRORS = 1000;

/**
 * ajv's errors for `doc` against `schemaDoc` (none: valid), once per run; with a cache, kept by the
 * validator's key and the document's text (a warm run of an unchanged map does not even load the
 * validator). Throws SchemaCompileError when the schema does not compile.
 */
export function schemaErrors(schemaDoc: StructuredDoc, doc: StructuredDoc, cache?: CacheStore, patterns: Patterns = 'linear'): SchemaResult {
  // The same text gives the same value while its parser stays the same (JSON.parse always does).
  const parser = doc.file.endsWith('.json') ? 'JSON.parse' : `js-yaml@${libraryVersion('js-yaml')}`;
  const key = sha256([RESULT_FORMAT, validatorKey(schemaDoc.text, patterns), parser, doc.text].join('\0'));
  const memo = results.get(key);
  if (memo) return memo;
  const cached = fromCache(cache?.get('validators', `${key}.result.json`));
  // Only results under the error cap are kept, so a cached result's count is its length.
  let result: SchemaResult | undefined = cached && { errors: cached, total: cached.length };
  if (!result) {
    const validate = compileSchema(schemaDoc.value, schemaDoc.text, patterns, cache);
    result = validate(doc.value) ? { errors: [], total: 0 } : { errors: [...(validate.errors ?? [])], total: validate.errorCount ?? 0 };
    if (cache && result.total <= MAX_CACHED_ERRORS) cache.set('validators', `${key}.result.json`, JSON.stringify(result.errors));
  }
  remember(results, key, result);
  return result;
}

/** A validation's kept errors (at most MAX_SCHEMA_ERRORS) and how many there were in all. */
export interface SchemaResult {
  errors: readonly SchemaError[];
  total: number;
}

const results = new Map<string, SchemaResult>();

/** Kept per process, the oldest dropped first: the language server sees a new text at every edit. */
const MAX_REMEMBERED = 64;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value!);
  map.set(key, value);
}

function fromCache(body: string | undefined): SchemaError[] | undefined {
  if (body === undefined) return undefined;
  try {
    const errors = JSON.parse(body) as unknown;
    return Array.isArray(errors) && errors.every((e) => typeof e === 'object' && e !== null && typeof (e as SchemaError).instancePath === 'string' && typeof (e as SchemaError).keyword === 'string') ? (errors as SchemaError[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How a schema's patterns run: `linear` (re2js) for every schema a repository or a pull request
 * supplies; `native` (JavaScript's RegExp, lookarounds included) only for the schemas this
 * package ships (`builtinSchemaPath`), which are reviewed with its code.
 */
export type Patterns = 'linear' | 'native';

/** ajv's compile, with this project's options, formats and meta-schema check (never cached: e.g. the SARIF schema in tests). */
export function compileWithAjv(schema: unknown, patterns: Patterns = 'linear'): Validator {
  const { Ajv2020, addFormats } = ajvLib();
  return bounded(ajvCompile(Ajv2020, addFormats, schema, patterns, false).validate);
}

function ajvCompile(Ajv2020: AjvModules['Ajv2020'], addFormats: AjvModules['addFormats'], schema: unknown, patterns: Patterns, source: boolean): { ajv: InstanceType<AjvModules['Ajv2020']>; validate: Validator } {
  // Each schema gets an instance of its own (schemas may share an $id), but the draft 2020-12
  // meta-schema is compiled once per run: checking a schema against it in the instance that
  // compiles it would compile the meta-schema again for every schema.
  const ajv = new Ajv2020({ ...AJV_OPTIONS, validateSchema: false, code: { source, process: capErrorsInCode, ...(patterns === 'linear' ? { regExp: linearRegExp() } : {}) } });
  addFormats(ajv);
  let compiled: Validator;
  const comment = idClosingComment(schema);
  if (comment !== undefined) throw new SchemaCompileError(`$id ${JSON.stringify(comment)} holds "*/", which would end the comment ajv writes it into and run the rest as code`);
  try {
    metaValidator().validateSchema(schema as object, true);
    compiled = ajv.compile(schema as object) as unknown as Validator;
  } catch (e) {
    throw new SchemaCompileError(e instanceof Error ? e.message : String(e));
  }
  return { ajv, validate: compiled };
}

/**
 * The first `$id` whose text holds a star followed by a slash (the end of a block comment),
 * anywhere in the schema. ajv writes each schema's `$id` into the code it generates inside a block
 * comment (`sourceURL`, whenever `code.process` is set, as here), and its quotes do not help there:
 * an `$id` of `https://x/a`, star, slash, `;process.exit();`, slash, star is a valid URI reference
 * that ran as code at compile time, cold or cached. One walk over the parsed value
 * (objects seen once: YAML aliases share them), before ajv sees it.
 */
export function idClosingComment(schema: unknown): string | undefined {
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === '$id' && (typeof x === 'string' ? x : JSON.stringify(x) ?? '').includes('*/')) return typeof x === 'string' ? x : JSON.stringify(x);
      stack.push(x);
    }
  }
  return undefined;
}

/** A validator whose `errors` are the kept ones (no empty slots) and `errorCount` the total. */
function bounded(compiled: Validator): Validator {
  const validate: Validator = (data: unknown) => {
    const ok = compiled(data);
    const { kept, total } = keptErrors(compiled.errors);
    validate.errors = ok ? null : kept;
    validate.errorCount = ok ? 0 : total;
    return ok;
  };
  return validate;
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
 * The messages of a rule that validates a document with `validateDoc` (spread into its
 * `meta.messages`): the schema's own wording is the data, the kind of mistake the id.
 */
export const SCHEMA_MESSAGES = {
  /** A key the closed schema does not allow, reported at the key. */
  unexpected: '{{detail}}',
  /** Any other schema error, reported at the value (or, for a missing key, at its object). */
  invalid: '{{detail}}',
  tooMany: '{{total}} schema errors in this file; the first {{kept}} are kept and reported, the rest only counted (at most {{cap}} kept)',
  noCompile: 'schema does not compile: {{reason}}',
} as const satisfies Record<string, string>;

/**
 * Validates a parsed document against a schema document and reports each error at its place, by
 * the ids of SCHEMA_MESSAGES. A schema that does not compile is reported at the schema file.
 */
export async function validateDoc(
  doc: StructuredDoc,
  schemaDoc: StructuredDoc,
  report: (r: Report) => void,
  cache?: CacheStore,
): Promise<boolean> {
  let result: SchemaResult;
  try {
    result = schemaErrors(schemaDoc, doc, cache);
  } catch (e) {
    report({ at: { file: schemaDoc.file }, messageId: 'noCompile', data: { reason: (e as Error).message.split('\n')[0]! } });
    return false;
  }
  if (result.total === 0) return true;
  const { errors, total } = result;
  if (total > errors.length) report({ at: { doc, pointer: '' }, messageId: 'tooMany', data: { total, kept: errors.length, cap: MAX_SCHEMA_ERRORS } });
  for (const { message, ...r } of schemaErrorReports(errors, doc, undefined, schemaDoc.value)) {
    const atKey = 'on' in r.at && r.at.on === 'key';
    report({ ...r, messageId: atKey ? 'unexpected' : 'invalid', data: { detail: message ?? '' } });
  }
  return false;
}
