import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

  it('a file whose size says nothing (procfs) is read whole', () => {
    const got = readRegularFile('/proc/self/status');
    expect(got.ok).toBe(true);
    if (got.ok) expect(got.bytes.toString('utf8')).toMatch(/^Name:/);
  });
});
