import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { cacheFolder, cacheRefusal, setCacheLocation } from './core/cache.js';

type WithCompileCache = typeof module & { enableCompileCache?: (dir?: string) => unknown };

/**
 * Node's compile cache (V8's code for each module; Node ≥ 22.1, Node 20 has none and skips this) in
 * the `node-compile/` folder of specgate's cache folder, under the same rule as every entry there
 * (`core/cache.ts`: never a folder git tracks or does not ignore — cached code is run). The
 * governed root is not known before the arguments are read, so it is `--root`, else the nearest
 * folder up from the working directory that has a `node_modules` (where find-cache-dir would look);
 * with none, and with `--no-cache`, there is no compile cache.
 */
export function enableCompileCache(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const enable = (module as WithCompileCache).enableCompileCache;
  if (typeof enable !== 'function' || argv.includes('--no-cache')) return;
  const given = flag(argv, '--root');
  const location = flag(argv, '--cache-location');
  let root = path.resolve(given ?? process.cwd());
  if (location !== undefined) setCacheLocation(location);
  else if (!env.SPECGATE_CACHE_DIR) {
    while (!existsSync(path.join(root, 'node_modules')) && path.dirname(root) !== root) root = path.dirname(root);
    if (!existsSync(path.join(root, 'node_modules'))) return;
  }
  const dir = cacheFolder(root, env);
  if (cacheRefusal(root, dir) !== undefined) return;
  try {
    enable.call(module, path.join(dir, 'node-compile'));
  } catch {
    // a cache is never a reason to fail
  }
}

/** A flag's value (`--name V` or `--name=V`) as the argument parser will read it later. */
function flag(argv: readonly string[], name: string): string | undefined {
  const at = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return argv[at] === name ? argv[at + 1] : argv[at]!.slice(name.length + 1);
}
