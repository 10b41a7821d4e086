/**
 * A 128-bit content hash for cache file names (validators, V8 code caches), in plain
 * JavaScript: loading node:crypto costs a run about as much as everything a pre-commit gate does
 * with a schema. Four multiply-xorshift lanes over the text's 32-bit words, with different
 * primes, seeds and shifts, each finished with a mix. Not for security: it only tells texts apart.
 */
export function contentHash(...parts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  let c = 0x85ebca6b;
  let d = 0xc2b2ae35;
  for (const part of parts) {
    // 32-bit words of the UTF-8 bytes: node encodes natively, and the loop (interpreted at
    // startup) runs a quarter as many times as over characters.
    const bytes = Buffer.from(part, 'utf8');
    const words = new Uint32Array(Math.ceil(bytes.length / 4));
    new Uint8Array(words.buffer).set(bytes);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      a = Math.imul(a ^ w, 0x01000193);
      b = Math.imul(b ^ w, 0x5bd1e995);
      c = Math.imul(c ^ w, 0x27d4eb2d);
      d = Math.imul(d ^ w, 0x165667b1);
      a ^= a >>> 13;
      b ^= b >>> 15;
      c ^= c >>> 11;
      d ^= d >>> 17;
    }
    // A part boundary, so ("ab", "c") and ("a", "bc") differ; the byte length too.
    a = Math.imul(a ^ 0x10000 ^ bytes.length, 0x01000193);
    b = Math.imul(b ^ 0x10000 ^ bytes.length, 0x5bd1e995);
    c = Math.imul(c ^ 0x10000 ^ bytes.length, 0x27d4eb2d);
    d = Math.imul(d ^ 0x10000 ^ bytes.length, 0x165667b1);
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
