import path from 'node:path';
import { discoverConfig } from '../core/config.js';
import { gitText } from '../core/git.js';

/**
 * The repository a setup command (init, install-hook) works on: the folder of the
 * specgate.config.json found upward, else the git work tree's top, else the working directory.
 */
export function governedRoot(cwd: string): string {
  const config = discoverConfig(cwd);
  if (config) return path.dirname(config);
  try {
    return gitText(['rev-parse', '--show-toplevel'], { cwd }).trim() || cwd;
  } catch {
    return cwd;
  }
}
