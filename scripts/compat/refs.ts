import path from 'node:path';
import { decodePointer, getAtPointer } from '../core/model/pointer.js';
import { isObject } from '../core/base/json-object.js';

/** The schema documents of one side of a comparison (base or head), for following `$ref`. */
export interface SchemaSide {
  /** The parsed value of a repository-relative file on this side, or undefined. */
  value(file: string): unknown;
  /** The file whose `$id` is this absolute URI (without fragment). */
  fileById(id: string): string | undefined;
}

export interface RefTarget {
  file: string;
  pointer: string;
  value: unknown;
}

const ABSOLUTE_URI = /^[a-z][a-z0-9+.-]*:/i;

/** Resolves a `$ref` found in `fromFile`: a fragment, a relative path, or an absolute `$id`. */
export function resolveRef(ref: string, fromFile: string, side: SchemaSide): RefTarget | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  const file = filePart === '' ? fromFile : targetFile(filePart, fromFile, side);
  if (file === undefined) return undefined;
  const doc = side.value(file);
  if (doc === undefined) return undefined;
  if (fragment === '') return { file, pointer: '', value: doc };
  if (fragment.startsWith('/')) {
    let pointer: string;
    try {
      pointer = decodeURIComponent(fragment);
      decodePointer(pointer);
    } catch {
      return undefined;
    }
    const value = getAtPointer(doc, pointer);
    return value === undefined ? undefined : { file, pointer, value };
  }
  const found = findAnchor(doc, fragment, '');
  return found ? { file, ...found } : undefined;
}

/** The repository file a ref's file part names, or undefined outside the corpus. */
export function targetFile(filePart: string, fromFile: string, side: SchemaSide): string | undefined {
  if (ABSOLUTE_URI.test(filePart)) return side.fileById(filePart);
  const byPath = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), filePart));
  if (!byPath.startsWith('../') && side.value(byPath) !== undefined) return byPath;
  const from = side.value(fromFile);
  const baseId = isObject(from) && typeof from.$id === 'string' ? from.$id : undefined;
  if (baseId && ABSOLUTE_URI.test(baseId)) {
    try {
      return side.fileById(new URL(filePart, baseId).href);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function findAnchor(node: unknown, name: string, at: string): { pointer: string; value: unknown } | undefined {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const r = findAnchor(node[i], name, `${at}/${i}`);
      if (r) return r;
    }
  } else if (isObject(node)) {
    if (node.$anchor === name) return { pointer: at, value: node };
    for (const [k, v] of Object.entries(node)) {
      const r = findAnchor(v, name, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (r) return r;
    }
  }
  return undefined;
}

/** Every external file a schema document references through `$ref` (direct references only). */
export function externalRefs(doc: unknown, fromFile: string, side: SchemaSide): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (isObject(n)) {
      if (typeof n.$ref === 'string') {
        const filePart = n.$ref.split('#')[0]!;
        if (filePart) {
          const f = targetFile(filePart, fromFile, side);
          if (f && f !== fromFile) out.add(f);
        }
      }
      for (const v of Object.values(n)) walk(v);
    }
  };
  walk(doc);
  return out;
}
