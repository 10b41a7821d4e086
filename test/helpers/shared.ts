import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The read-only real data beside the project (anchors, SDK captures). SPECGATE_TEST_SHARED points
 * elsewhere (e.g. at a missing folder, to see what a clone without it does).
 */
export const SHARED = path.resolve(PROJECT, process.env.SPECGATE_TEST_SHARED ?? '../shared');
export const sharedAvailable = existsSync(path.join(SHARED, 'corpus-facts.md'));

/**
 * `describe` for tests that read ../shared. Without it, the suite is skipped and its body never
 * runs (it may read the data while collecting); under CI=true its absence is a failure instead.
 */
export function describeShared(name: string, fn: () => void): void {
  if (sharedAvailable) describe(name, fn);
  else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs ../shared beside the project', () => {
        throw new Error(`../shared is missing (looked in ${SHARED}); CI must provide it`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ../shared not found beside the project)`, () => {
      it('reads ../shared', () => {});
    });
  }
}
