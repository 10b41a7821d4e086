import { readdirSync } from 'node:fs';
import path from 'node:path';
import matches from '../core/glob-match.js';
import { FsSource } from '../core/source.js';

/**
 * The working tree, globbed by walking only the folders the patterns start with (`spec/`,
 * `schemas/`, `RFCS/`) instead of loading globby: startup dominates a compat run.
 */
export class WalkingFsSource extends FsSource {
  override async glob(patterns: readonly string[]): Promise<string[]> {
    const roots = new Set(patterns.filter((p) => !p.startsWith('!')).map(staticPrefix));
    const found = new Set<string>();
    for (const r of roots) for (const f of this.walk(r)) if (matches(f, patterns)) found.add(f);
    return [...found].sort();
  }

  private *walk(rel: string): Generator<string> {
    let entries;
    try {
      entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* this.walk(child);
      else if (e.isFile()) yield child;
    }
  }
}

/** The leading folders of a pattern that hold no glob characters (`spec/v2` of `spec/v2/**\/*.json`). */
function staticPrefix(pattern: string): string {
  const segs = pattern.split('/');
  const fixed: string[] = [];
  for (const s of segs.slice(0, -1)) {
    if (/[*?{[]/.test(s)) break;
    fixed.push(s);
  }
  return fixed.join('/');
}
