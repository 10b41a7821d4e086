import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT } from './env.js';

/**
 * The folder where the run's globalSetup packs this project once (test/helpers/global-setup.ts):
 * it writes `done` (the tarball's name) or `failed` (npm's output) there when npm ends.
 */
export const PACK_ENV = 'SPECGATE_TEST_PACK_DIR';

/**
 * This project as `npm pack` makes it (the build the suite made, no scripts run), as a tarball in
 * `dest`: a copy of the one the run's globalSetup packed, else (a file run alone) packed here.
 */
export async function packedProject(dest: string): Promise<string> {
  mkdirSync(dest, { recursive: true });
  const shared = process.env[PACK_ENV];
  if (shared) {
    // The pack started with the run; files that need it wait for it (it takes seconds).
    for (let i = 0; i < 2400 && !existsSync(path.join(shared, 'done')) && !existsSync(path.join(shared, 'failed')); i++) await sleep(50);
    if (existsSync(path.join(shared, 'done'))) {
      const name = readFileSync(path.join(shared, 'done'), 'utf8').trim();
      copyFileSync(path.join(shared, name), path.join(dest, name));
      return path.join(dest, name);
    }
  }
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dest], { cwd: PROJECT, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const name = readdirSync(dest).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack wrote no tarball: ${packed.stdout}`);
  return path.join(dest, name);
}
