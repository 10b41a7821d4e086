import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Temp folders made by this test file, removed after it (test/helpers/setup-file.ts). */
const made = new Set<string>();

/** A fresh temp folder, removed when the test file ends. */
export function makeTempDir(prefix = 'specgate-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder makeTempDir made so far (after each test file). */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}
