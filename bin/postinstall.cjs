'use strict';
// Builds specgate's startup snapshot at install (dist/scripts/snapshot/build-blob.js), best effort:
// never fails the install, prints nothing. Without a blob, bin/specgate runs the plain CLI (and
// builds the blob in the background on its first run).
const { spawnSync } = require('node:child_process');
const { accessSync, constants } = require('node:fs');
const path = require('node:path');

/** The node the launcher will find (`command -v node` in bin/specgate): the first on PATH. */
function nodeOnPath() {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir || dir.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return process.execPath;
}

try {
  if (process.platform !== 'win32' && process.env.SPECGATE_SNAPSHOT !== 'off') {
    spawnSync(process.execPath, [path.join(__dirname, '..', 'dist', 'scripts', 'snapshot', 'build-blob.js'), nodeOnPath()], { stdio: 'ignore', timeout: 180000 });
  }
} catch {
  // the plain CLI runs
}
