import { encodePointer } from '../core/model/pointer.js';
import type { ChangeClass, RawChange } from './types.js';
import type { JsonObject } from '../core/base/json-object.js';
import { isObject } from '../core/base/json-object.js';
import { canonical, deepEqual, has, show } from './json-values.js';
import type { SchemaSide } from './refs.js';
import { resolveRef, targetFile } from './refs.js';

type Direction = NonNullable<RawChange['only']>;

/*
 * Classification, from the side of a document that was valid against the base schema and of a
 * reader that relied on what the base schema promised:
 *   breaking  — such a document may now be invalid, or a promised property is gone;
 *   additive  — every such document stays valid and nothing promised is gone;
 *   editorial — annotations only (title, description, $comment, examples, deprecated).
 * Where the tool cannot decide (a changed regular expression, `not`, an unknown keyword) it says
 * so and counts the change as breaking.
 */

/**
 * The text of one comparison's changes (pointers and reasons, in characters). Each change carries
 * the pointer to where it is, so a key of a megabyte above 20,000 changed enum values asks for
 * 20 GB of pointers (a 270 KB schema took 2.1 GB and 35 s); past this the comparison stops with
 * one breaking change. Real comparisons make kilobytes of it.
 */
export const MAX_CHANGE_TEXT = 64 * 1024 * 1024;

class ChangeTextCap extends Error {}

const EDITORIAL = ['title', 'description', '$comment', 'examples', 'deprecated'];
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Assertions whose addition or change narrows and whose removal widens. */
const ASSERTIONS = ['pattern', 'format', 'contentMediaType', 'contentEncoding'];
/** Sub-schemas applied to the same instance or its parts: narrowing inside them narrows. */
const SUBSCHEMAS = ['items', 'additionalItems', 'unevaluatedItems', 'contains', 'propertyNames', 'then', 'else', 'contentSchema'];
const SCHEMA_MAPS = ['$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const HANDLED = new Set([
  ...EDITORIAL,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...ASSERTIONS,
  ...SUBSCHEMAS,
  ...SCHEMA_MAPS,
  '$ref',
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'unevaluatedProperties',
  'multipleOf',
  'uniqueItems',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'dependentRequired',
  'default',
  '$id',
  '$schema',
]);
/** Schema Object keywords of OpenAPI, compared only inside an OpenAPI document (`readOnly`/`writeOnly` through the properties). */
const OPENAPI_HANDLED = new Set(['nullable', 'readOnly', 'writeOnly']);

/** Where a difference is reported: a path in the head document, or a `$ref` site when following one. */
interface Frame {
  baseFile: string;
  headFile: string;
  path: string[];
  /**
   * Set while comparing the targets of a `$ref`, or below a keyword the head no longer has:
   * everything is reported at `pointer`, the reason saying where below it (`rel`).
   */
  via?: { pointer: string; ref: string; rel: string[] };
  /** Below a property sent one way only (`readOnly`: response, `writeOnly`: request); the outermost decides. */
  only?: Direction;
}

export interface SchemaDiffOptions {
  base: SchemaSide;
  head: SchemaSide;
  /** Head files compared in their own right: an unchanged `$ref` into one of them is not followed. */
  compared: ReadonlySet<string>;
  /** Where the compared schemas sit in the head document (a schema inside an OpenAPI document); the root by default. */
  at?: readonly string[];
  /**
   * A schema inside an OpenAPI document: its Schema Object keywords count (`nullable`, OpenAPI 3.0)
   * and a `readOnly`/`writeOnly` property's changes are tagged with the one direction it is sent in.
   */
  openapi?: boolean;
  /** Charged the text of each change (characters); may throw to stop. Unset: MAX_CHANGE_TEXT for this comparison. */
  spend?: (chars: number) => void;
}

/** Classifies every difference between two versions of one JSON Schema document (or of one schema inside a document). */
export function diffSchema(baseFile: string, headFile: string, base: unknown, head: unknown, opts: SchemaDiffOptions): RawChange[] {
  let text = 0;
  const spend = (chars: number) => {
    if ((text += chars) > MAX_CHANGE_TEXT) throw new ChangeTextCap();
  };
  const w = new SchemaWalker(opts.spend ? opts : { ...opts, spend });
  try {
    w.node(base, head, { baseFile, headFile, path: [...(opts.at ?? [])] });
  } catch (e) {
    if (!(e instanceof ChangeTextCap)) throw e;
    const reason = `comparison stopped after ${MAX_CHANGE_TEXT} characters of changes (the compat cap on their pointers and reasons: long keys above many changes); the schema cannot be classified, so it counts as breaking`;
    return [{ pointer: encodePointer(opts.at ?? []), class: 'breaking', kind: 'unclassified', reason }];
  }
  return w.changes;
}

class SchemaWalker {
  readonly changes: RawChange[] = [];
  private readonly following = new Set<string>();

  constructor(private readonly opts: SchemaDiffOptions) {}

  node(b: unknown, h: unknown, f: Frame): void {
    if (this.same(b, h, f)) return;
    if (typeof b === 'boolean' || typeof h === 'boolean') return this.booleans(b, h, f);
    if (!isObject(b) || !isObject(h)) return this.emit(f, [], 'breaking', 'unclassified', `schema changed from ${show(b)} to ${show(h)}`);
    if (this.followRefs(b, h, f)) return;
    this.editorial(b, h, f);
    this.types(b, h, f);
    if (this.opts.openapi) this.nullable(b, h, f);
    this.values(b, h, f);
    for (const k of LOWER_BOUNDS) this.bound(b, h, f, k, 'lower');
    for (const k of UPPER_BOUNDS) this.bound(b, h, f, k, 'upper');
    for (const k of ASSERTIONS) this.assertion(b, h, f, k);
    this.multipleOf(b, h, f);
    this.uniqueItems(b, h, f);
    this.properties(b, h, f);
    this.closure(b, h, f, 'additionalProperties');
    this.closure(b, h, f, 'unevaluatedProperties');
    for (const k of SUBSCHEMAS) if (!this.same(b[k], h[k], f)) this.node(b[k] ?? true, h[k] ?? true, this.child(f, k, h[k] !== undefined));
    for (const k of SCHEMA_MAPS) this.schemaMap(b, h, f, k);
    this.prefixItems(b, h, f);
    this.combinators(b, h, f);
    this.dependentRequired(b, h, f);
    this.conservative(b, h, f);
  }

  /**
   * Equal text is no change, unless it holds a `$ref` into a file that is not compared on its
   * own: the same words may then point at a changed schema.
   */
  private same(b: unknown, h: unknown, f: Frame): boolean {
    return deepEqual(b, h) && !this.reachesUncompared(h, f.headFile);
  }

  private readonly uncomparedCache = new WeakMap<object, boolean>();

  private reachesUncompared(node: unknown, file: string): boolean {
    if (node === null || typeof node !== 'object') return false;
    const cached = this.uncomparedCache.get(node);
    if (cached !== undefined) return cached;
    let found = false;
    if (Array.isArray(node)) found = node.some((n) => this.reachesUncompared(n, file));
    else {
      const o = node as JsonObject;
      found = (typeof o.$ref === 'string' && this.mustFollow(o.$ref, file)) || Object.values(o).some((v) => this.reachesUncompared(v, file));
    }
    this.uncomparedCache.set(node, found);
    return found;
  }

  // ---- reporting -------------------------------------------------------------------------

  private emit(f: Frame, segs: string[], cls: ChangeClass, kind: string, reason: string): void {
    let change: RawChange;
    if (f.via) {
      const rel = encodePointer([...f.via.rel, ...segs]);
      const where = f.via.ref ? `via $ref "${f.via.ref}"${rel ? ` at ${rel}` : ''}` : `at ${rel}`;
      change = { pointer: f.via.pointer, class: cls, kind, reason: `${reason} (${where})`, ...(f.only ? { only: f.only } : {}) };
    } else {
      change = { pointer: encodePointer([...f.path, ...segs]), class: cls, kind, reason, ...(f.only ? { only: f.only } : {}) };
    }
    this.opts.spend!(change.pointer.length + change.reason.length);
    this.changes.push(change);
  }

  /** A frame one step down; `exists` says whether the step exists in the head (else stay at the parent). */
  private child(f: Frame, seg: string, exists = true): Frame {
    if (f.via) return { ...f, via: { ...f.via, rel: [...f.via.rel, seg] } };
    return exists ? { ...f, path: [...f.path, seg] } : { ...f, via: { pointer: encodePointer(f.path), ref: '', rel: [seg] } };
  }

  // ---- keywords --------------------------------------------------------------------------

  private booleans(b: unknown, h: unknown, f: Frame): void {
    if (h === false) return this.emit(f, [], 'breaking', 'schema-rejects-all', 'schema now rejects every value (false)');
    if (b === false) return this.emit(f, [], 'additive', 'schema-accepts', 'schema no longer rejects every value');
    if (h === true) return this.emit(f, [], 'additive', 'schema-unconstrained', 'every constraint lifted (true)');
    this.node(isObject(b) ? b : {}, isObject(h) ? h : {}, f);
  }

  private editorial(b: JsonObject, h: JsonObject, f: Frame): void {
    for (const k of EDITORIAL) {
      if (deepEqual(b[k], h[k])) continue;
      const what = !has(b, k) ? 'added' : !has(h, k) ? 'removed' : 'changed';
      this.emit(f, has(h, k) ? [k] : [], 'editorial', `${k.replace('$', '')}-${what}`, `${k} ${what}`);
    }
  }

  /**
   * A changed `$ref` (or a `$ref` on one side only, or one into a file not compared on its own):
   * the targets, with any sibling keywords laid over them, are compared instead. Returns true when
   * it did the comparison.
   */
  private followRefs(b: JsonObject, h: JsonObject, f: Frame): boolean {
    const br = typeof b.$ref === 'string' ? b.$ref : undefined;
    const hr = typeof h.$ref === 'string' ? h.$ref : undefined;
    if (br === undefined && hr === undefined) return false;
    if (br !== undefined && br === hr && !this.mustFollow(hr, f.headFile)) return false;
    const at = hr !== undefined ? this.child(f, '$ref') : f;
    const bt = br !== undefined ? resolveRef(br, f.baseFile, this.opts.base) : { file: f.baseFile, pointer: `${encodePointer(f.path)}(inline)`, value: b };
    const ht = hr !== undefined ? resolveRef(hr, f.headFile, this.opts.head) : { file: f.headFile, pointer: `${encodePointer(f.path)}(inline)`, value: h };
    if (!ht) {
      this.emit(at, [], 'breaking', 'ref-unresolved', `$ref "${hr}" does not resolve in the corpus`);
      return true;
    }
    if (!bt && br === hr) {
      this.emit(at, [], 'additive', 'ref-resolved', `$ref "${hr}" resolves now; it did not at the base`);
      return true;
    }
    if (!bt) {
      this.emit(at, [], 'breaking', 'ref-changed', `$ref changed from "${br}" (not resolvable at the base) to ${hr !== undefined ? `"${hr}"` : 'an inline schema'}`);
      return true;
    }
    const key = `${bt.file}#${bt.pointer}|${ht.file}#${ht.pointer}`;
    if (this.following.has(key)) return true;
    this.following.add(key);
    const before = this.changes.length;
    const frame: Frame =
      hr !== undefined
        ? { baseFile: bt.file, headFile: ht.file, path: f.path, via: f.via ?? { pointer: encodePointer([...f.path, '$ref']), ref: hr, rel: [] }, ...(f.only ? { only: f.only } : {}) }
        : { ...f, baseFile: bt.file };
    this.node(br !== undefined ? overlay(bt.value, b) : b, hr !== undefined ? overlay(ht.value, h) : h, frame);
    this.following.delete(key);
    if (this.changes.length === before && br !== hr) {
      this.emit(at, [], 'editorial', 'ref-retargeted', `$ref changed from ${br !== undefined ? `"${br}"` : 'an inline schema'} to ${hr !== undefined ? `"${hr}"` : 'an inline schema'}; the schemas are equal`);
    }
    return true;
  }

  /** An unchanged `$ref` is compared where its target lives, unless that file is not compared itself. */
  private mustFollow(ref: string, fromFile: string): boolean {
    const filePart = ref.split('#')[0]!;
    const file = filePart === '' ? fromFile : targetFile(filePart, fromFile, this.opts.head);
    return file !== undefined && !this.opts.compared.has(file);
  }

  private types(b: JsonObject, h: JsonObject, f: Frame): void {
    const bt = typeSet(b.type);
    const ht = typeSet(h.type);
    if (sameSet(bt, ht)) return;
    const at = has(h, 'type') ? ['type'] : [];
    if (!bt) return this.emit(f, at, 'breaking', 'type-added', `type restricted to ${show(h.type)}`);
    if (!ht) return this.emit(f, at, 'additive', 'type-removed', `type restriction ${show(b.type)} lifted`);
    const widened = [...bt].every((t) => covers(ht, t));
    const narrowed = [...ht].every((t) => covers(bt, t));
    if (widened) this.emit(f, at, 'additive', 'type-widened', `type widened from ${show(b.type)} to ${show(h.type)}`);
    else if (narrowed) this.emit(f, at, 'breaking', 'type-narrowed', `type narrowed from ${show(b.type)} to ${show(h.type)}`);
    else this.emit(f, at, 'breaking', 'type-changed', `type changed from ${show(b.type)} to ${show(h.type)}`);
  }

  /** OpenAPI 3.0's `nullable: true` adds `null` to the types allowed: a type widened, and removing it one narrowed. */
  private nullable(b: JsonObject, h: JsonObject, f: Frame): void {
    const bn = b.nullable === true;
    const hn = h.nullable === true;
    if (bn === hn) return;
    if (hn) this.emit(f, ['nullable'], 'additive', 'type-widened', 'nullable: true added: null allowed');
    else this.emit(f, has(h, 'nullable') ? ['nullable'] : [], 'breaking', 'type-narrowed', 'nullable: true removed: null no longer allowed');
  }

  /** `enum` and `const` together: the set of values allowed. */
  private values(b: JsonObject, h: JsonObject, f: Frame): void {
    const bv = allowed(b);
    const hv = allowed(h);
    const key = has(h, 'const') ? 'const' : has(h, 'enum') ? 'enum' : undefined;
    const at = key ? [key] : [];
    if (!bv && !hv) return;
    if (!bv) return this.emit(f, at, 'breaking', `${key}-added`, `${key} ${show(h[key!])} added: values restricted`);
    if (!hv) return this.emit(f, at, 'additive', `${has(b, 'const') ? 'const' : 'enum'}-removed`, `value restriction ${show(has(b, 'const') ? b.const : b.enum)} lifted`);
    if (has(b, 'const') && has(h, 'const')) {
      if (!deepEqual(b.const, h.const)) this.emit(f, at, 'breaking', 'const-changed', `const changed from ${show(b.const)} to ${show(h.const)}`);
      return;
    }
    const hk = new Set(hv.map(canonical));
    const bk = new Set(bv.map(canonical));
    for (const v of bv) if (!hk.has(canonical(v))) this.emit(f, at, 'breaking', 'enum-value-removed', `enum value ${show(v)} removed`);
    for (const v of hv) if (!bk.has(canonical(v))) this.emit(f, at, 'additive', 'enum-value-added', `enum value ${show(v)} added`);
  }

  private bound(b: JsonObject, h: JsonObject, f: Frame, k: string, side: 'lower' | 'upper'): void {
    if (deepEqual(b[k], h[k])) return;
    if (!has(h, k)) return this.emit(f, [], 'additive', `${k}-removed`, `${k} ${show(b[k])} removed`);
    if (!has(b, k)) return this.emit(f, [k], 'breaking', `${k}-added`, `${k} ${show(h[k])} added`);
    if (typeof b[k] !== 'number' || typeof h[k] !== 'number') return this.emit(f, [k], 'breaking', `${k}-changed`, `${k} changed from ${show(b[k])} to ${show(h[k])}`);
    const tighter = side === 'lower' ? (h[k] as number) > (b[k] as number) : (h[k] as number) < (b[k] as number);
    if (tighter) this.emit(f, [k], 'breaking', `${k}-tightened`, `${k} tightened from ${b[k]} to ${h[k]}`);
    else this.emit(f, [k], 'additive', `${k}-loosened`, `${k} loosened from ${b[k]} to ${h[k]}`);
  }

  private assertion(b: JsonObject, h: JsonObject, f: Frame, k: string): void {
    if (deepEqual(b[k], h[k])) return;
    if (!has(h, k)) return this.emit(f, [], 'additive', `${k}-removed`, `${k} ${show(b[k])} removed`);
    if (!has(b, k)) return this.emit(f, [k], 'breaking', `${k}-added`, `${k} ${show(h[k])} added`);
    const undecided = k === 'pattern' ? ' (a changed pattern counts as narrowed)' : '';
    this.emit(f, [k], 'breaking', `${k}-changed`, `${k} changed from ${show(b[k])} to ${show(h[k])}${undecided}`);
  }

  private multipleOf(b: JsonObject, h: JsonObject, f: Frame): void {
    if (deepEqual(b.multipleOf, h.multipleOf)) return;
    if (!has(h, 'multipleOf')) return this.emit(f, [], 'additive', 'multipleOf-removed', `multipleOf ${show(b.multipleOf)} removed`);
    if (!has(b, 'multipleOf')) return this.emit(f, ['multipleOf'], 'breaking', 'multipleOf-added', `multipleOf ${show(h.multipleOf)} added`);
    const widened = typeof b.multipleOf === 'number' && typeof h.multipleOf === 'number' && Number.isInteger(b.multipleOf / h.multipleOf);
    this.emit(f, ['multipleOf'], widened ? 'additive' : 'breaking', widened ? 'multipleOf-loosened' : 'multipleOf-changed', `multipleOf changed from ${b.multipleOf} to ${h.multipleOf}`);
  }

  private uniqueItems(b: JsonObject, h: JsonObject, f: Frame): void {
    const bu = b.uniqueItems === true;
    const hu = h.uniqueItems === true;
    if (bu === hu) return;
    if (hu) this.emit(f, ['uniqueItems'], 'breaking', 'uniqueItems-added', 'uniqueItems: true added');
    else this.emit(f, has(h, 'uniqueItems') ? ['uniqueItems'] : [], 'additive', 'uniqueItems-removed', 'uniqueItems: true removed');
  }

  private properties(b: JsonObject, h: JsonObject, f: Frame): void {
    const bp = isObject(b.properties) ? b.properties : {};
    const hp = isObject(h.properties) ? h.properties : {};
    const breq = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
    const hreq = new Set(Array.isArray(h.required) ? h.required.map(String) : []);
    const removed = Object.keys(bp).filter((k) => !has(hp, k));
    const added = Object.keys(hp).filter((k) => !has(bp, k));
    const renamedTo = new Map<string, string>();
    for (const r of removed) {
      const twin = added.find((a) => !renamedTo.has(a) && deepEqual(bp[r], hp[a]));
      if (twin !== undefined) renamedTo.set(twin, r);
    }
    // A property's own changes are classed by the way it is sent: `readOnly` on both sides (or on the one it exists on) is response only.
    const one = (...versions: unknown[]): Frame => this.oneWay(f, versions);
    const propsAt = isObject(h.properties) ? ['properties'] : [];
    for (const r of removed) {
      if ([...renamedTo.values()].includes(r)) continue;
      // Told apart for the direction: in a response, an optional property removed is a warning (rules.ts).
      this.emit(one(bp[r]), propsAt, 'breaking', breq.has(r) ? 'property-removed' : 'optional-property-removed', `property "${r}" removed${breq.has(r) ? ' (it was REQUIRED)' : ''}`);
    }
    for (const a of added) {
      const from = renamedTo.get(a);
      if (from !== undefined) this.emit(f, ['properties', a], 'breaking', 'property-renamed', `property "${from}" renamed to "${a}"`);
      else if (hreq.has(a)) this.emit(one(hp[a]), ['properties', a], 'breaking', 'property-added-required', `new REQUIRED property "${a}"`);
      else this.emit(one(hp[a]), ['properties', a], 'additive', 'property-added', `new OPTIONAL property "${a}"`);
    }
    const reqAt = Array.isArray(h.required) ? ['required'] : [];
    for (const r of hreq) {
      if (!breq.has(r) && !added.includes(r) && !removed.includes(r)) {
        this.emit(one(bp[r], hp[r]), reqAt, 'breaking', 'required-added', `property "${r}" is now REQUIRED`);
      }
    }
    for (const r of breq) {
      if (!hreq.has(r) && !removed.includes(r)) this.emit(one(bp[r], hp[r]), reqAt, 'additive', 'required-removed', `property "${r}" is no longer required`);
    }
    for (const k of Object.keys(hp)) {
      if (!has(bp, k)) continue;
      const at = this.child(this.child(f, 'properties'), k);
      if (this.opts.openapi) this.sentOneWay(bp[k], hp[k], at, k, breq.has(k), hreq.has(k));
      this.node(bp[k], hp[k], this.oneWay(at, [bp[k], hp[k]]));
    }
  }

  /**
   * The frame for a property sent one way only: `readOnly` (the API sends it; a required one is
   * required in responses only) or `writeOnly` (clients send it) on every given version of it.
   * Outside an OpenAPI document, or below a property already sent one way, the frame is unchanged.
   */
  private oneWay(f: Frame, versions: unknown[]): Frame {
    if (!this.opts.openapi || f.only) return f;
    const present = versions.filter((v) => v !== undefined);
    if (present.length && present.every((v) => isObject(v) && v.readOnly === true)) return { ...f, only: 'response' };
    if (present.length && present.every((v) => isObject(v) && v.writeOnly === true)) return { ...f, only: 'request' };
    return f;
  }

  /**
   * `readOnly` or `writeOnly` set or dropped on a property that stays: it is as if the property
   * left (or joined) the one direction the flag concerns, and is no change in the other. A property
   * made `readOnly` is gone from what the server reads (oasdiff's request-…-became-read-only: a
   * request property removed), one no longer `readOnly` is a new request property (required if it
   * is in `required`); `writeOnly` is the mirror image in responses.
   */
  private sentOneWay(b: unknown, h: unknown, f: Frame, name: string, breq: boolean, hreq: boolean): void {
    if (f.only || !isObject(b) || !isObject(h)) return;
    for (const [flag, dir] of [['readOnly', 'request'], ['writeOnly', 'response']] as const) {
      const bf = b[flag] === true;
      const hf = h[flag] === true;
      if (bf === hf) continue;
      const g: Frame = { ...f, only: dir };
      const at = hf ? [flag] : [];
      const [sender, sends] = dir === 'request' ? ['clients', 'send'] : ['the API', 'sends'];
      if (hf) this.emit(g, at, 'breaking', breq ? 'property-removed' : 'optional-property-removed', `property "${name}" became ${flag}: ${sender} no longer ${sends} it`);
      // One that only now became REQUIRED is the `required` comparison's change, not this one's.
      else if (hreq && breq) this.emit(g, at, 'breaking', dir === 'request' ? 'required-added' : 'property-added-required', `property "${name}" is no longer ${flag}: ${sender} now ${sends} it, and it is REQUIRED`);
      else this.emit(g, at, 'additive', 'property-added', `property "${name}" is no longer ${flag}: ${sender} may now send it`);
    }
  }

  private closure(b: JsonObject, h: JsonObject, f: Frame, k: 'additionalProperties' | 'unevaluatedProperties'): void {
    if (this.same(b[k], h[k], f)) return;
    const bv = b[k] ?? true;
    const hv = h[k] ?? true;
    const at = has(h, k) ? [k] : [];
    if (hv === false) return this.emit(f, at, 'breaking', 'object-closed', `object closed (${k}: false)`);
    if (bv === false) return this.emit(f, at, 'additive', 'object-opened', `object opened (${k} no longer false)`);
    this.node(bv, hv, this.child(f, k, has(h, k)));
  }

  private schemaMap(b: JsonObject, h: JsonObject, f: Frame, k: string): void {
    if (this.same(b[k], h[k], f)) return;
    const bm = isObject(b[k]) ? (b[k] as JsonObject) : {};
    const hm = isObject(h[k]) ? (h[k] as JsonObject) : {};
    const mapAt = has(h, k) ? [k] : [];
    const what = k === 'patternProperties' ? 'pattern property' : k === 'dependentSchemas' ? 'dependent schema' : 'definition';
    for (const name of Object.keys(bm)) {
      if (has(hm, name)) continue;
      const cls: ChangeClass = k === 'dependentSchemas' ? 'additive' : 'breaking';
      this.emit(f, mapAt, cls, `${kebab(what)}-removed`, `${what} "${name}" removed`);
    }
    for (const name of Object.keys(hm)) {
      if (has(bm, name)) this.node(bm[name], hm[name], this.child(this.child(f, k), name));
      else {
        const cls: ChangeClass = k === 'dependentSchemas' ? 'breaking' : 'additive';
        this.emit(f, [k, name], cls, `${kebab(what)}-added`, `new ${what} "${name}"`);
      }
    }
  }

  private prefixItems(b: JsonObject, h: JsonObject, f: Frame): void {
    const bi = Array.isArray(b.prefixItems) ? b.prefixItems : [];
    const hi = Array.isArray(h.prefixItems) ? h.prefixItems : [];
    if (this.same(bi, hi, f)) return;
    for (let i = 0; i < Math.max(bi.length, hi.length); i++) {
      if (i >= hi.length) this.emit(f, has(h, 'prefixItems') ? ['prefixItems'] : [], 'additive', 'prefix-item-removed', `prefixItems[${i}] removed`);
      else if (i >= bi.length) this.emit(f, ['prefixItems', String(i)], 'breaking', 'prefix-item-added', `prefixItems[${i}] added`);
      else this.node(bi[i], hi[i], this.child(this.child(f, 'prefixItems'), String(i)));
    }
  }

  /** Branches are paired by equality first, then in order; an extra branch widens or narrows by keyword. */
  private combinators(b: JsonObject, h: JsonObject, f: Frame): void {
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (this.same(b[k], h[k], f)) continue;
      const bi = Array.isArray(b[k]) ? (b[k] as unknown[]) : [];
      const hi = Array.isArray(h[k]) ? (h[k] as unknown[]) : [];
      const unmatchedB = bi.map((_, i) => i).filter((i) => !hi.some((x) => this.same(x, bi[i], f)));
      const unmatchedH = hi.map((_, i) => i).filter((i) => !bi.some((x) => this.same(x, hi[i], f)));
      const pairs = Math.min(unmatchedB.length, unmatchedH.length);
      for (let n = 0; n < pairs; n++) this.node(bi[unmatchedB[n]!], hi[unmatchedH[n]!], this.child(this.child(f, k), String(unmatchedH[n])));
      const narrowsWhenAdded = k === 'allOf';
      for (const i of unmatchedH.slice(pairs)) {
        this.emit(f, [k, String(i)], narrowsWhenAdded ? 'breaking' : 'additive', `${k}-branch-added`, `${k} branch ${i} added`);
      }
      for (const i of unmatchedB.slice(pairs)) {
        this.emit(f, has(h, k) ? [k] : [], narrowsWhenAdded ? 'additive' : 'breaking', `${k}-branch-removed`, `${k} branch ${i} of the base removed`);
      }
    }
  }

  private dependentRequired(b: JsonObject, h: JsonObject, f: Frame): void {
    if (deepEqual(b.dependentRequired, h.dependentRequired)) return;
    const bm = isObject(b.dependentRequired) ? b.dependentRequired : {};
    const hm = isObject(h.dependentRequired) ? h.dependentRequired : {};
    for (const name of new Set([...Object.keys(bm), ...Object.keys(hm)])) {
      const bs = new Set(Array.isArray(bm[name]) ? (bm[name] as unknown[]).map(String) : []);
      const hs = new Set(Array.isArray(hm[name]) ? (hm[name] as unknown[]).map(String) : []);
      const at = has(hm, name) ? ['dependentRequired', name] : has(h, 'dependentRequired') ? ['dependentRequired'] : [];
      for (const x of hs) if (!bs.has(x)) this.emit(f, at, 'breaking', 'dependent-required-added', `"${x}" now required when "${name}" is present`);
      for (const x of bs) if (!hs.has(x)) this.emit(f, at, 'additive', 'dependent-required-removed', `"${x}" no longer required when "${name}" is present`);
    }
  }

  /** Identity, dialect, defaults, `not`, `if` and keywords this tool does not know. */
  private conservative(b: JsonObject, h: JsonObject, f: Frame): void {
    for (const k of new Set([...Object.keys(b), ...Object.keys(h)])) {
      if ((HANDLED.has(k) && k !== 'default' && k !== '$id' && k !== '$schema') || deepEqual(b[k], h[k])) continue;
      if (this.opts.openapi && OPENAPI_HANDLED.has(k)) continue;
      const at = has(h, k) ? [k] : [];
      if (k === 'default') {
        if (!has(b, k)) this.emit(f, at, 'additive', 'default-added', `default ${show(h[k])} added`);
        else this.emit(f, at, 'breaking', 'default-changed', `default changed from ${show(b[k])} to ${show(h[k])}: a reader that omits the value gets another meaning`);
      } else if (k === '$id') {
        if (!has(b, k)) this.emit(f, at, 'additive', 'id-added', `$id ${show(h[k])} added`);
        else this.emit(f, at, 'breaking', 'id-changed', `$id changed from ${show(b[k])} to ${show(h[k] ?? null)}: references by $id break`);
      } else if (k === '$schema') {
        this.emit(f, at, 'breaking', 'dialect-changed', `$schema (dialect) changed from ${show(b[k] ?? null)} to ${show(h[k] ?? null)}`);
      } else {
        this.emit(f, at, 'breaking', 'unclassified', `"${k}" changed from ${show(b[k] ?? null)} to ${show(h[k] ?? null)}; not classified, counted as breaking`);
      }
    }
  }
}

/** A `$ref` target with the referring node's sibling keywords laid over it. */
function overlay(target: unknown, referrer: JsonObject): unknown {
  const { $ref: _ref, ...siblings } = referrer;
  if (Object.keys(siblings).length === 0) return target;
  if (target === true) return siblings;
  if (!isObject(target)) return target;
  return { ...target, ...siblings };
}

function typeSet(t: unknown): Set<string> | undefined {
  if (typeof t === 'string') return new Set([t]);
  if (Array.isArray(t)) return new Set(t.map(String));
  return undefined;
}

function covers(set: Set<string>, t: string): boolean {
  return set.has(t) || (t === 'integer' && set.has('number'));
}

function sameSet(a: Set<string> | undefined, b: Set<string> | undefined): boolean {
  if (!a || !b) return a === b;
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function allowed(s: JsonObject): unknown[] | undefined {
  if (has(s, 'const')) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  return undefined;
}

function kebab(s: string): string {
  return s.replace(/ /g, '-');
}
