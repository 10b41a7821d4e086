import { diffWordsWithSpace, structuredPatch } from 'diff';

/** A changed line this long hides a few changed words; the word view shows them. */
const LONG_LINE = 120;
/** Unchanged text kept on each side of a change in the word view. */
const KEEP = 40;

/**
 * The word-level view of the long lines a change rewrites: `[-old-]{+new+}` with the unchanged
 * text around each change cut to a few words. For reading only; the patch is the unified diff.
 */
export function wordView(file: string, before: string, after: string): string[] {
  const out: string[] = [];
  for (const hunk of structuredPatch(file, file, before, after, undefined, undefined, { context: 0 }).hunks) {
    const removed = hunk.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1));
    const added = hunk.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1));
    for (let i = 0; i < Math.min(removed.length, added.length); i++) {
      const a = removed[i]!;
      const b = added[i]!;
      if (a.length < LONG_LINE && b.length < LONG_LINE) continue;
      const parts = diffWordsWithSpace(a, b);
      const text = parts
        .map((p, k) => {
          if (p.added) return `{+${p.value}+}`;
          if (p.removed) return `[-${p.value}-]`;
          const head = k === 0 ? '' : p.value.slice(0, KEEP);
          const tail = k === parts.length - 1 ? '' : p.value.slice(-KEEP);
          return p.value.length <= 2 * KEEP ? p.value : `${head}…${tail}`;
        })
        .join('');
      out.push(`${file}:${hunk.newStart + i}: ${text}`);
    }
  }
  return out;
}
