import module from 'node:module';
import path from 'node:path';
import { earlyCacheFolder, secretFolderName } from './core/replay/cache-entry.js';
import { cacheRefusal } from './core/cache/cache.js';
import { cacheSecret } from './core/replay/user-cache.js';

type WithCompileCache = typeof module & { enableCompileCache?: (dir?: string) => unknown };

/**
 * Node's compile cache (V8's code for each module; Node ≥ 22.1, Node 20 has none and skips this) in
 * a folder of specgate's cache folder, under the same rule as every entry there (`core/cache/cache.ts`).
 * Node reads those files, not specgate, so they cannot carry specgate's HMAC: the folder's name
 * does instead (`node-compile-<HMAC of its name under the per-user secret>`). A pull request that
 * can write the cache folder cannot tell that name, so cannot plant code in it. The governed root
 * is not known before the arguments are read: `earlyCacheFolder` says where the folder is; with
 * none, with `--no-cache`, and with no secret, there is no compile cache.
 */
export function enableCompileCache(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const enable = (module as WithCompileCache).enableCompileCache;
  if (typeof enable !== 'function') return;
  const early = earlyCacheFolder(argv, env, process.cwd());
  if (early === undefined || cacheRefusal(early.root, early.dir) !== undefined) return;
  const secret = cacheSecret(early.root, true, env);
  if (secret === undefined) return;
  try {
    enable.call(module, path.join(early.dir, secretFolderName('node-compile', secret)));
  } catch {
    // a cache is never a reason to fail
  }
}
