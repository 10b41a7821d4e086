import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleTracer } from '../helpers/loaded.js';
import { PROJECT, projectCorpusCopy } from '../helpers/env.js';

/**
 * The snapshot's build evaluates the modules `report` and `check` load after an edit
 * (scripts/snapshot/preloaded.ts, and what the entry imports at the build), so a run from the blob
 * finds them ready. The list is written by hand from a module trace; this holds it to the trace:
 * every module such a run loads is evaluated at the build (imported by the entry or the list, or
 * statically by one of those), but for the plain CLI's own start (cli.js, compile-cache.js).
 */

const DIST = path.join(PROJECT, 'dist', 'scripts');
const PLAIN_ONLY = new Set(['cli.js', 'compile-cache.js']);

/** Static imports of a compiled module (tsc writes them at the top, one statement each; `import()` is not one). */
function staticImports(rel: string): string[] {
  const text = readFileSync(path.join(DIST, rel), 'utf8');
  const found = [...text.matchAll(/^(?:import|export)\b[^;'"]*?(?:from\s+)?'(\.{1,2}\/[^']+\.js)';$/gm)].map((m) => m[1]!);
  return found.map((to) => path.posix.normalize(path.posix.join(path.posix.dirname(rel), to)));
}

/** What the build evaluates: the entry, the modules its build step imports, and their static imports. */
function evaluatedAtBuild(): Set<string> {
  const entry = readFileSync(path.join(DIST, 'snapshot/entry.js'), 'utf8');
  const roots = ['snapshot/entry.js', ...[...entry.matchAll(/import\('(\.{1,2}\/[^']+\.js)'\)/g)].map((m) => path.posix.normalize(path.posix.join('snapshot', m[1]!)))];
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const rel = todo.pop()!;
    if (seen.has(rel) || !existsSync(path.join(DIST, rel))) continue;
    seen.add(rel);
    todo.push(...staticImports(rel));
  }
  return seen;
}

describe('the snapshot evaluates what report and check load', () => {
  it('every module of report (text, json) and check after an RFC edit is evaluated at the build', () => {
    const built = evaluatedAtBuild();
    expect(built.has('snapshot/preloaded.js')).toBe(true);
    const trace = moduleTracer();
    const root = projectCorpusCopy();
    const rfc = path.join(root, 'RFCS', '0211-a2a-error-details-are-errorinfo.md');
    const loaded = new Set<string>();
    for (const args of [['report'], ['report', '--format', 'json'], ['check']]) {
      trace([...args, '--root', root], { cwd: root }); // fills the caches
      appendFileSync(rfc, `\nAn edit before ${args.join(' ')}.\n`);
      const run = trace([...args, '--root', root], { cwd: root });
      expect(run.code === 0 || run.code === 1).toBe(true);
      for (const m of run.ours) loaded.add(m);
    }
    expect(loaded.size).toBeGreaterThan(50);
    expect([...loaded].filter((m) => !PLAIN_ONLY.has(m) && !built.has(m)).sort()).toEqual([]);
  });
});
