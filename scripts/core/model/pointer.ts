/** RFC 6901 JSON Pointers. */
export function encodePointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function decodePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const p = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (!p.startsWith('/')) throw new Error(`not a JSON Pointer: ${pointer}`);
  return p
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The segments of a pointer, or none when it is not a JSON Pointer (a location then falls back to the root). */
export function decodePointerOrRoot(pointer: string): string[] {
  try {
    return decodePointer(pointer);
  } catch {
    return [];
  }
}

export function childPointer(parent: string, key: string | number): string {
  return parent + encodePointer([key]);
}

/** Resolve a pointer against a plain value; undefined when a step is missing. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let cur: unknown = value;
  for (const seg of decodePointer(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[seg];
    }
  }
  return cur;
}

/** Plain-value lookup by JSON Pointer; undefined when a step is missing or the pointer is malformed. */
export function valueAt(value: unknown, pointer: string): unknown {
  try {
    return getAtPointer(value, pointer);
  } catch {
    return undefined;
  }
}
