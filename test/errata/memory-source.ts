import type { FileSource, ReadResult } from '../../scripts/core/io/source.js';

/** Files held in memory, for property runs that plan thousands of edits without touching disk. */
export class MemorySource implements FileSource {
  readonly root = '/memory';
  readonly label = 'memory';
  constructor(private readonly files: Record<string, string>) {}

  read(rel: string): ReadResult {
    const text = this.files[rel];
    return text === undefined ? { ok: false, failure: 'missing', message: 'file not found' } : { ok: true, bytes: Buffer.from(text, 'utf8') };
  }

  exists(rel: string): boolean {
    return rel in this.files;
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const dirs = patterns.map((p) => p.replace(/\/\*\.md$/, '/'));
    return Object.keys(this.files)
      .filter((f) => f.endsWith('.md') && dirs.some((d) => f.startsWith(d) && !f.slice(d.length).includes('/')))
      .sort();
  }
}
