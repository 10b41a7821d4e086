import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readRegularFile } from '../../../scripts/core/io/source.js';
import { tempDir } from '../../helpers/env.js';

/*
 * A file is read into a buffer of its own size: an RFC of 20 KB read into a 1 MiB chunk kept the
 * megabyte alive with its bytes (62 MiB for upstream's RFCs, and garbage collections for it on
 * every run). Counted in the memory the bytes hold, never timed. A file whose size says nothing
 * (procfs) is still read whole.
 */
describe('readRegularFile reads into a buffer the size of the file', () => {
  it.each([0, 100, 20_000, 300_000, 2_500_000])('a file of %i bytes: its bytes, holding no more memory than themselves', (size) => {
    const file = path.join(tempDir(), 'f.md');
    const bytes = Buffer.alloc(size, 'x');
    writeFileSync(file, bytes);
    const got = readRegularFile(file);
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.bytes.equals(bytes)).toBe(true);
    // Small buffers share Node's 8 KiB pool; any other is its own, the file's size and one byte to see the end.
    expect(got.bytes.buffer.byteLength).toBeLessThanOrEqual(Math.max(8192, size + 1));
  });

  it.each([100, 20_000, 300_000])('a file of %i bytes is read, and its end found, without allocating more than its size and a few bytes', (size) => {
    const file = path.join(tempDir(), 'f.md');
    writeFileSync(file, Buffer.alloc(size, 'y'));
    // The read that finds the end took a 1 MiB chunk: 62 MiB allocated for upstream's RFCs, and two collections for that external memory.
    const alloc = vi.spyOn(Buffer, 'allocUnsafe');
    try {
      expect(readRegularFile(file).ok).toBe(true);
      const asked = alloc.mock.calls.reduce((sum, [n]) => sum + n, 0);
      expect(asked).toBeLessThanOrEqual(size + 8);
    } finally {
      alloc.mockRestore();
    }
  });

  it('a file whose size says nothing (procfs) is read whole', () => {
    const got = readRegularFile('/proc/self/status');
    expect(got.ok).toBe(true);
    if (got.ok) expect(got.bytes.toString('utf8')).toMatch(/^Name:/);
  });
});
