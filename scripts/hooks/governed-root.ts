import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { discoverConfig } from '../core/config.js';

/**
 * The repository a setup command (init, install-hook) works on: the folder of the
 * specgate.config.json found upward, else the git work tree's top, else the working directory.
 */
export function governedRoot(cwd: string): string {
  const config = discoverConfig(cwd);
  if (config) return path.dirname(config);
  try {
    return execFileSync('git', ['-c', 'core.fsmonitor=false', 'rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || cwd;
  } catch {
    return cwd;
  }
}
