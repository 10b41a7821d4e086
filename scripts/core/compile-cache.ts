import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

type Compile = (this: { exports: unknown }, content: string, filename: string) => unknown;

/**
 * V8's compiled code for the CLI's own JavaScript, kept between runs (what the v8-compile-cache
 * package does; node 22's module.enableCompileCache, which node 20 lacks). A pre-commit answer
 * is mostly startup, and a good part of startup is compiling the bundle's chunks and the
 * functions a run calls; with the cache V8 skips both. Files `include` accepts are compiled
 * through vm.Script with their cache; caches that are missing or that V8 rejects (another node,
 * a changed file) are written when the process exits. Anything that goes wrong falls back to
 * node's own loader, and an unwritable folder is skipped.
 *
 * V8 checks only the source length against a cache, so each cache file is named after its
 * source: bundle chunks carry a content hash in their names; other files add size and mtime.
 */
let flagsChanged = false;

/**
 * Changes V8's flags for the rest of the run. V8 rejects a code cache made under other flags, so
 * from then on this run writes no cache: it would only be rejected, and rewritten, by the next
 * ordinary run. node:v8 is loaded here, when asked, because it costs a few milliseconds.
 */
export function setV8FlagsForThisRun(flags: string): void {
  flagsChanged = true;
  (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);
}

export function installCompileCache(dir: string, include: (filename: string) => boolean, chunksDir?: string): void {
  const proto = (Module as unknown as { prototype: { _compile: Compile } }).prototype;
  const original = proto._compile;
  const fresh: Array<{ file: string; script: vm.Script }> = [];
  proto._compile = function (content, filename) {
    if (!include(filename)) return original.call(this, content, filename);
    let file: string;
    let script: vm.Script;
    try {
      file = path.join(dir, cacheName(filename));
      let cachedData: Buffer | undefined;
      try {
        cachedData = readFileSync(file);
      } catch {
        cachedData = undefined;
      }
      script = new vm.Script(Module.wrap(content.startsWith('#!') ? content.replace(/^#!.*/, '') : content), { filename, ...(cachedData ? { cachedData } : {}) });
      if (!cachedData || script.cachedDataRejected) fresh.push({ file, script });
    } catch {
      return original.call(this, content, filename);
    }
    const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return run.call(this.exports, this.exports, createRequire(filename), this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (fresh.length === 0 || flagsChanged) return;
    try {
      mkdirSync(dir, { recursive: true });
      for (const { file, script } of fresh) {
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, file);
      }
      prune(dir, new Set(fresh.map((f) => path.basename(f.file))), chunksDir);
    } catch {
      // read-only install: compile again next time
    }
  });
}

/**
 * Each build renames the chunks, so caches of earlier builds would pile up: when a run writes,
 * it removes the caches of chunks no longer in the bundle and the older versions of the files it
 * just cached.
 */
function prune(dir: string, written: ReadonlySet<string>, chunksDir?: string): void {
  const writtenStems = new Set([...written].map(stem));
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.v8') || written.has(name)) continue;
    const chunk = /^(.+-[A-Za-z0-9_-]{8}\.cjs)\.v8$/.exec(name)?.[1];
    const gone = chunk !== undefined && chunksDir !== undefined && !existsSync(path.join(chunksDir, chunk));
    if (gone || writtenStems.has(stem(name))) rmSync(path.join(dir, name), { force: true });
  }
}

/** `js-yaml.cjs.js-138183-1796033494345.v8` → `js-yaml.cjs.js` (a file cached by size and mtime). */
function stem(name: string): string {
  return /^(.*)-\d+-\d+\.v8$/.exec(name)?.[1] ?? name;
}

function cacheName(filename: string): string {
  const base = path.basename(filename);
  if (/-[A-Za-z0-9_-]{8}\.cjs$/.test(base) && filename.includes(`${path.sep}chunks${path.sep}`)) return `${base}.v8`;
  const st = statSync(filename);
  return `${base}-${st.size}-${Math.floor(st.mtimeMs)}.v8`;
}
