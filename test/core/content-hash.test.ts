import { describe, expect, it } from 'vitest';
import { contentHash } from '../../scripts/core/content-hash.js';

describe('contentHash (cache file names)', () => {
  it('is 128 bits of hex and the same for the same parts', () => {
    expect(contentHash('a', 'b')).toMatch(/^[0-9a-f]{32}$/);
    expect(contentHash('a', 'b')).toBe(contentHash('a', 'b'));
  });

  it('tells apart part boundaries, trailing NULs, and one changed character anywhere in a large text', () => {
    expect(contentHash('ab', 'c')).not.toBe(contentHash('a', 'bc'));
    expect(contentHash('a')).not.toBe(contentHash('a\0'));
    expect(contentHash('')).not.toBe(contentHash());
    const text = 'x'.repeat(120_000);
    const seen = new Set([contentHash(text)]);
    for (const at of [0, 1, 2, 3, 59_999, 119_998, 119_999]) seen.add(contentHash(text.slice(0, at) + 'y' + text.slice(at + 1)));
    seen.add(contentHash(text.replace('xxxx', 'é')));
    expect(seen.size).toBe(9);
  });

  it('gives 100,000 distinct names for 100,000 similar keys', () => {
    const names = new Set<string>();
    for (let i = 0; i < 100_000; i++) names.add(contentHash('ajv8-2020', `{"$id":"schema-${i}"}`));
    expect(names.size).toBe(100_000);
  });
});
