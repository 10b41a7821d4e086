import { valueAt } from '../../core/model/pointer.js';
import { isObject } from '../../core/base/json-object.js';

export interface EnumAt {
  values: unknown[];
  /** Pointer to the `enum` array inside the schema document. */
  pointer: string;
}

/**
 * The `enum` of the subschema at `pointer`, following local `$ref`s (`#/$defs/…`) and a
 * single-branch `allOf`. Undefined when there is none.
 */
export function enumAt(schema: unknown, pointer: string): EnumAt | undefined {
  let at = pointer;
  for (let hops = 0; hops < 16; hops++) {
    const node = valueAt(schema, at);
    if (!isObject(node)) return undefined;
    if (Array.isArray(node.enum)) return { values: node.enum, pointer: `${at}/enum` };
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      try {
        at = decodeURIComponent(node.$ref.slice(1));
      } catch {
        return undefined;
      }
      continue;
    }
    if (Array.isArray(node.allOf) && node.allOf.length === 1) {
      at = `${at}/allOf/0`;
      continue;
    }
    return undefined;
  }
  return undefined;
}

/** The first of several candidate places that holds an enum. */
export function firstEnum(schema: unknown, pointers: readonly string[]): EnumAt | undefined {
  for (const p of pointers) {
    const found = enumAt(schema, p);
    if (found) return found;
  }
  return undefined;
}
