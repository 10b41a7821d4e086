import { OverlaySource as MemoryOverlay } from '../../scripts/core/io/overlay-source.js';
import { FsSource } from '../../scripts/core/io/source.js';

/** A file of a test's corpus: its text, `null` to delete it, or an edit of the base file's text. */
export type FileEdit = string | null | ((text: string) => string);
export type Files = Record<string, FileEdit>;

/**
 * A real folder (read in place) or files in memory, with a test's edits laid over them in memory:
 * the corpus of the tests whose subject is a whole command over a real repository (the fixer, the
 * bounds, one mistake one finding), not one rule. Nothing is written.
 */
export class OverlaySource extends MemoryOverlay {
  constructor(base: string | Record<string, string>, files: Files = {}) {
    super(typeof base === 'string' ? new FsSource(base) : undefined);
    if (typeof base !== 'string') for (const [rel, text] of Object.entries(base)) this.set(rel, text);
    for (const [rel, edit] of Object.entries(files)) {
      if (typeof edit === 'function') {
        const before = this.text(rel);
        if (before === undefined) throw new Error(`a test edits ${rel}, which the base does not have`);
        this.set(rel, edit(before));
      } else this.set(rel, edit);
    }
  }
}
