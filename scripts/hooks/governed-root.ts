import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverConfig } from '../core/config.js';
import { gitText } from '../core/git.js';
import { detectPreset, presetLayout, presetNames } from '../core/layout.js';

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
  return top;
}

/** Whether a folder holds some preset's documents or RFC folder. */
function holdsLayout(dir: string): boolean {
  const exists = (rel: string) => existsSync(path.join(dir, rel));
  if (Object.values(detectPreset(exists).present).some((n) => n > 0)) return true;
  return presetNames().some((name) => exists(presetLayout(name).rfcsDir));
}
