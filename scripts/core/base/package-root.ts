import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: { root: string; version: string; homepage: string } | undefined;

/** Where the rule docs are when package.json names no homepage. */
const FALLBACK_HOMEPAGE = 'https://github.com/specgate/specgate#readme';

/**
 * This tool's package.json: its folder and version (the one place the version is kept). Code runs
 * from scripts/ (vitest) or dist/scripts/ (tsc), at different depths, so it is found by walking up
 * from the running module to the package.json named "specgate".
 */
function ownPackage(): { root: string; version: string; homepage: string } {
  if (cached) return cached;
  let nearest: { root: string; version: string; homepage: string } | undefined;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; ) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = readPackage(file);
      const found = { root: dir, version: String(pkg.version ?? '0.0.0'), homepage: typeof pkg.homepage === 'string' && /^https:\/\//.test(pkg.homepage) ? pkg.homepage : FALLBACK_HOMEPAGE };
      nearest ??= found;
      if (pkg.name === 'specgate') return (cached = found);
    }
    const up = path.dirname(dir);
    // A copy under another name (e.g. a test fixture package): its own package.json is the root.
    if (up === dir) return (cached = nearest ?? { root: process.cwd(), version: '0.0.0', homepage: FALLBACK_HOMEPAGE });
    dir = up;
  }
}

function readPackage(file: string): { name?: unknown; version?: unknown; homepage?: unknown } {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown; homepage?: unknown };
  } catch {
    return {};
  }
}

export function packageRoot(): string {
  return ownPackage().root;
}

/** The version in package.json (`specgate --version`, SARIF, probe records). */
export function packageVersion(): string {
  return ownPackage().version;
}

/** package.json `homepage`: the repository's page, from which rule docs URLs are made (core/engine/rule.ts ruleDocsUrl). */
export function packageHomepage(): string {
  return ownPackage().homepage;
}
