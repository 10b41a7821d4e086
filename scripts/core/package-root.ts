import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder of this tool's package.json. Code runs from scripts/ (vitest), dist/scripts/ (tsc)
 * or dist/bundle/ (the shipped CLI), at different depths, so it is found by walking up from the
 * running module to the package.json named "specgate".
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let nearest: string | undefined;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; ) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      nearest ??= dir;
      if (packageName(pkg) === 'specgate') return (cached = dir);
    }
    const up = path.dirname(dir);
    // A copy under another name (e.g. a test fixture package): its own package.json is the root.
    if (up === dir) return (cached = nearest ?? process.cwd());
    dir = up;
  }
}

function packageName(pkgFile: string): unknown {
  try {
    return (JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}
