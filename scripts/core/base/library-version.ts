import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const versions = new Map<string, string>();

/**
 * The installed version of a library as the module at `from` (a file URL or path) resolves it:
 * the `version` of `<folder>/<name>/package.json` in the first of the folders Node looks in for
 * it (`require.resolve.paths`) that holds one. That folder is the package Node loads (a package's
 * `exports` map only its subpaths), found with a read or two instead of a resolution of the
 * package's entry point and a walk up from it (13 libraries' versions cost 4 ms of every run
 * that read an RFC or checked a schema). "unknown" when no folder holds it. Cache keys carry it.
 */
export function libraryVersion(name: string, from: string): string {
  const memo = `${name}\0${from}`;
  let version = versions.get(memo);
  if (version !== undefined) return version;
  version = 'unknown';
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, name, 'package.json'), 'utf8');
    } catch {
      continue; // not in this folder: the next one up
    }
    try {
      const pkg = JSON.parse(text) as { version?: unknown };
      version = typeof pkg.version === 'string' ? pkg.version : 'unknown';
    } catch {
      // an unreadable package.json: its version is unknown (a key that never matches a real one)
    }
    break;
  }
  versions.set(memo, version);
  return version;
}
