/**
 * A 128-bit content hash for cache file names (validators, V8 code caches), in plain
 * JavaScript: loading node:crypto costs a run about as much as everything a pre-commit gate does
 * with a schema. Four FNV-1a lanes with different primes and seeds, each finished with an
 * xorshift-multiply mix. Not for security: it only tells texts apart.
 */
export function contentHash(...parts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  let c = 0x85ebca6b;
  let d = 0xc2b2ae35;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const ch = part.charCodeAt(i);
      a = Math.imul(a ^ ch, 0x01000193);
      b = Math.imul(b ^ ch, 0x5bd1e995);
      c = Math.imul(c ^ ch, 0x27d4eb2d);
      d = Math.imul(d ^ ch, 0x165667b1);
    }
    // A part boundary, so ("ab", "c") and ("a", "bc") differ; the length too.
    a = Math.imul(a ^ 0x10000 ^ part.length, 0x01000193);
    b = Math.imul(b ^ 0x10000 ^ part.length, 0x5bd1e995);
    c = Math.imul(c ^ 0x10000 ^ part.length, 0x27d4eb2d);
    d = Math.imul(d ^ 0x10000 ^ part.length, 0x165667b1);
  }
  return [a, b, c, d].map((x) => (finish(x) >>> 0).toString(16).padStart(8, '0')).join('');
}

function finish(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return x ^ (x >>> 16);
}
