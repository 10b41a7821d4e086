import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source folder, read with the TypeScript compiler's own pre-processor
 * (`ts.preProcessFile`: static imports, re-exports, `import type` and `import('…')` alike), so
 * an import the runtime defers still counts as a dependency. Only relative imports are edges;
 * packages are not part of the layers.
 */
export interface ImportGraph {
  /** Module paths relative to the folder, with forward slashes (`core/engine/rule.ts`). */
  modules: string[];
  edges: Array<[from: string, to: string]>;
}

export function importGraph(dir: string): ImportGraph {
  const modules = listTs(dir);
  const known = new Set(modules);
  const edges: Array<[string, string]> = [];
  for (const from of modules) {
    const info = ts.preProcessFile(readFileSync(path.join(dir, from), 'utf8'), true, true);
    const seen = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), fileName)).replace(/\.js$/, '.ts');
      if (!known.has(to) || seen.has(to)) continue;
      seen.add(to);
      edges.push([from, to]);
    }
  }
  return { modules, edges };
}

function listTs(dir: string, under = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listTs(dir, rel));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out.sort();
}

/** The import circles: each strongly connected set of more than one module (or a module importing itself), by Tarjan's algorithm. */
export function circles(g: ImportGraph): string[][] {
  const next = new Map<string, string[]>(g.modules.map((m) => [m, []]));
  for (const [a, b] of g.edges) next.get(a)!.push(b);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1 || next.get(v)!.includes(v)) out.push(set.sort());
  };
  for (const m of g.modules) if (!index.has(m)) visit(m);
  return out;
}

/**
 * The layer of a module, lowest first: core/ (what every command shares), rfc/ (the one RFC
 * reader, on core), the command folders (checks, wire, compat, errata, probe, fix, hooks, lsp)
 * with rules-registry.ts (the catalogue of their rules), commands/, then the entry points and
 * bench/. An arrow from a lower layer to a higher one is an upward import.
 */
export function layerOf(module: string): number {
  const top = module.includes('/') ? module.slice(0, module.indexOf('/')) : module;
  if (top === 'core') return 0;
  if (top === 'rfc') return 1;
  if (top === 'commands') return 3;
  // Entry points: the bin (and its startup snapshot), the library's index, the bench and the GitHub Action's step.
  if (top === 'bench' || top === 'action' || top === 'cli.ts' || top === 'cli-run.ts' || top === 'cli-main.ts' || top === 'snapshot' || top === 'index.ts') return 4;
  return 2;
}

/** Every edge from a lower layer to a higher one. */
export function upwardArrows(g: ImportGraph): Array<[string, string]> {
  return g.edges.filter(([a, b]) => layerOf(a) < layerOf(b));
}
