import path from 'node:path';
import type { FileSource, ReadResult } from './source.js';
import { globMatcher } from './source.js';

/**
 * Texts held in memory laid over another source: an editor's unsaved buffers over the working
 * tree (the LSP), the fixed texts of a `--fix` run before they are written, a rule test's case
 * over a real folder (or over nothing). A file set here is read from here; `null` hides a file
 * the base has; everything else is the base's.
 */
export class OverlaySource implements FileSource {
  readonly label: string;
  readonly root: string;
  private readonly texts = new Map<string, string | null>();

  /** `label` names texts that stand for no folder on disk (a rule's example repository): no path of it is looked up on disk. */
  constructor(
    readonly base: FileSource | undefined,
    label?: string,
  ) {
    this.root = base?.root ?? path.resolve('/memory');
    this.label = label ?? base?.label ?? 'working tree';
  }

  set(rel: string, text: string | null): void {
    this.texts.set(rel, text);
  }

  /** Back to the base's version of the file. */
  reset(rel: string): void {
    this.texts.delete(rel);
  }

  has(rel: string): boolean {
    return this.texts.has(rel);
  }

  /** The files held here, with their texts. */
  entries(): IterableIterator<[string, string | null]> {
    return this.texts.entries();
  }

  text(rel: string): string | undefined {
    if (this.texts.has(rel)) return this.texts.get(rel) ?? undefined;
    const got = this.base?.read(rel);
    return got?.ok ? got.bytes.toString('utf8') : undefined;
  }

  read(rel: string): ReadResult {
    const t = this.texts.get(rel);
    if (!this.texts.has(rel)) return this.base?.read(rel) ?? { ok: false, failure: 'missing', message: 'file not found' };
    return t === null || t === undefined ? { ok: false, failure: 'missing', message: 'file not found' } : { ok: true, bytes: Buffer.from(t, 'utf8') };
  }

  exists(rel: string): boolean {
    if (this.texts.has(rel)) return this.texts.get(rel) !== null;
    if (this.base?.exists(rel)) return true;
    // a folder holding a file set here
    return [...this.texts].some(([f, t]) => t !== null && f.startsWith(`${rel}/`));
  }

  /** Over nothing, the names of the texts held in `dir` (files, and folders holding some), sorted; over a base, undefined (the base's folder is listed). */
  namesIn(dir: string): string[] | undefined {
    if (this.base) return undefined;
    const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
    const names = new Set<string>();
    for (const [file, text] of this.texts) if (text !== null && file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0]!);
    return [...names].sort();
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const found = new Set(this.base ? await this.base.glob(patterns) : []);
    const matches = globMatcher(patterns);
    for (const [rel, text] of this.texts) {
      if (text === null) found.delete(rel);
      else if (matches(rel)) found.add(rel);
    }
    return [...found].sort();
  }
}
