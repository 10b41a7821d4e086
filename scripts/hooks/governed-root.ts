import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverConfig } from '../core/config/config.js';
import { gitText } from '../core/io/git.js';
import { detectPreset, presetLayout, presetNames } from '../core/preset/layout.js';

/**
 * The repository a setup command (init, install-hook) works on: the folder of the
 * specgate.config.json found upward, else the nearest folder from the working directory up to the
 * git work tree's top that holds a governed layout (a monorepo's package with its RFC folder or
 * interop map), else the git work tree's top, else the working directory.
 */
export function governedRoot(cwd: string): string {
  const config = discoverConfig(cwd);
  if (config) return path.dirname(config);
  let top: string;
  try {
    top = gitText(['rev-parse', '--show-toplevel'], { cwd }).trim() || cwd;
  } catch {
    return cwd;
  }
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (holdsLayout(dir)) return dir;
    if (dir === top || path.dirname(dir) === dir || path.relative(top, dir).startsWith('..')) break;
  }
  // Run at a monorepo's top: the one workspace package (package.json `workspaces`) holding a layout.
  const packages = workspacePackages(path.resolve(cwd)).filter(holdsLayout);
  return packages.length === 1 ? packages[0]! : top;
}

/**
 * The folders npm's `workspaces` globs name in `dir`'s package.json (`packages/*`, `specs/spec`):
 * each glob's literal folders, then one `*` level at a time, two levels at most (no deep walk).
 */
function workspacePackages(dir: string): string[] {
  let globs: unknown;
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { workspaces?: unknown };
    globs = Array.isArray(pkg.workspaces) ? pkg.workspaces : (pkg.workspaces as { packages?: unknown } | undefined)?.packages;
  } catch {
    return [];
  }
  if (!Array.isArray(globs)) return [];
  const found = new Set<string>();
  for (const glob of globs) {
    if (typeof glob !== 'string' || glob.startsWith('!') || path.isAbsolute(glob)) continue;
    let level = [dir];
    for (const part of glob.split('/').filter(Boolean).slice(0, 3)) {
      if (part === '..') {
        level = [];
        break;
      }
      level = level.flatMap((d) => (part === '*' || part === '**' ? subfolders(d) : [path.join(d, part)]));
    }
    for (const d of level) if (existsSync(path.join(d, 'package.json')) && path.relative(dir, d) && !path.relative(dir, d).startsWith('..')) found.add(d);
  }
  return [...found].sort();
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')).map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

/** Whether a folder holds some preset's documents or RFC folder. */
function holdsLayout(dir: string): boolean {
  const exists = (rel: string) => existsSync(path.join(dir, rel));
  if (Object.values(detectPreset(exists).present).some((n) => n > 0)) return true;
  return presetNames().some((name) => exists(presetLayout(name).rfcsDir));
}
