import module from 'node:module';
import path from 'node:path';
import { earlyCacheFolder } from './core/cache-entry.js';
import { cacheRefusal } from './core/cache.js';

type WithCompileCache = typeof module & { enableCompileCache?: (dir?: string) => unknown };

/**
 * Node's compile cache (V8's code for each module; Node ≥ 22.1, Node 20 has none and skips this) in
 * the `node-compile/` folder of specgate's cache folder, under the same rule as every entry there
 * (`core/cache.ts`: never a folder git tracks or does not ignore — cached code is run). The
 * governed root is not known before the arguments are read: `earlyCacheFolder` says where the
 * folder is; with none, and with `--no-cache`, there is no compile cache.
 */
export function enableCompileCache(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const enable = (module as WithCompileCache).enableCompileCache;
  if (typeof enable !== 'function') return;
  const early = earlyCacheFolder(argv, env, process.cwd());
  if (early === undefined || cacheRefusal(early.root, early.dir) !== undefined) return;
  try {
    enable.call(module, path.join(early.dir, 'node-compile'));
  } catch {
    // a cache is never a reason to fail
  }
}
