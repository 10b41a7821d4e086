import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the CLI's V8 startup snapshot (docs/decisions/startup-snapshot.md): `node --build-snapshot`
 * of the bundled entry (dist/scripts/snapshot/entry.cjs) into `dist/snapshot/cli.blob` of the
 * package's own folder — code, so only where the package's code is, never a folder a pull request
 * can write. Run at install (postinstall: bin/postinstall.cjs) and in the background by bin/specgate
 * when it finds the blob missing or stale. Best effort and quiet: any failure leaves the plain CLI,
 * and `cli.blob.failed` (naming the node that failed) keeps the launcher from trying again with it.
 *
 * Beside the blob, `cli.blob.node` names the node binary that built it, as the launcher names it
 * (its first argument; by default this process's own), and the dist folder (its physical path): the launcher uses
 * the blob only for that node in that folder, and only when the blob is newer than that binary and
 * than the bundle.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, '..', '..', '..');
export const SNAPSHOT_DIR = path.join(pkg, 'dist', 'snapshot');
export const BLOB = path.join(SNAPSHOT_DIR, 'cli.blob');
const ENTRY = path.join(pkg, 'dist', 'scripts', 'snapshot', 'entry.cjs');
/** A build takes ~1 s; one still "running" after this is taken to have died. */
const STALE_LOCK_MS = 5 * 60_000;
const BUILD_TIMEOUT_MS = 120_000;
/**
 * The V8 flags bin/specgate gives node on both of its paths (a test holds the two spellings equal).
 * V8 refuses a blob built with other flags, so the blob is built and tried with them too.
 * - A heap cap: a few crafted RFCs (a paragraph per line at the Markdown cap) leave hundreds of MiB
 *   of parser garbage that V8, with its default limit (a quarter of the machine's memory, 4 GiB on
 *   a 24 GB machine), collects late: five of them peaked at 1.4 GB; with 768 MiB of old space
 *   about 600 MiB (docs/limits.md).
 * - A young generation that starts at its full 16 MiB instead of growing to it: a run allocates
 *   tens of MiB, and each scavenge of the small one starts over (report after an RFC edit: ~15 ms
 *   less wall time, docs/decisions/startup-snapshot.md).
 */
export const NODE_FLAGS: readonly string[] = ['--max-old-space-size=768', '--min-semi-space-size=16'];

export function buildBlob(nodeName = process.execPath): boolean {
  if (!existsSync(ENTRY)) return false;
  try {
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
  } catch {
    return false; // a read-only package folder: the plain CLI runs
  }
  const lock = `${BLOB}.lock`;
  if (!takeLock(lock)) return false;
  const tmp = `${BLOB}.${process.pid}.tmp`;
  try {
    const built = spawnSync(process.execPath, [...NODE_FLAGS, '--snapshot-blob', tmp, '--build-snapshot', ENTRY], { stdio: 'ignore', timeout: BUILD_TIMEOUT_MS, cwd: pkg });
    // A blob is used only once it starts: `--version` from it, in this folder, must print this package's version.
    const tried = built.status === 0 ? spawnSync(process.execPath, [...NODE_FLAGS, '--snapshot-blob', tmp, path.join(pkg, 'dist'), '--version'], { encoding: 'utf8', timeout: 30_000, cwd: pkg, env: { ...process.env, SPECGATE_SNAPSHOT: '' } }) : undefined;
    if (!tried || tried.status !== 0 || !/^\d+\.\d+\.\d+/.test(tried.stdout)) {
      failed(nodeName);
      return false;
    }
    writeAtomic(`${BLOB}.node`, `${nodeName}\n${realpathSync(path.join(pkg, 'dist'))}\n`);
    renameSync(tmp, BLOB);
    rmSync(`${BLOB}.failed`, { force: true });
    return true;
  } catch {
    failed(nodeName);
    return false;
  } finally {
    rmSync(tmp, { force: true });
    rmSync(lock, { force: true });
  }
}

/** One build at a time: the lock file made exclusively; one older than STALE_LOCK_MS is taken over. */
function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
      return true;
    } catch {
      try {
        const st = lstatSync(lock);
        if (Date.now() - st.mtimeMs < STALE_LOCK_MS) return false;
        unlinkSync(lock);
      } catch {
        return false;
      }
    }
  }
  return false;
}

function failed(nodeName: string): void {
  try {
    writeAtomic(`${BLOB}.failed`, `${nodeName}\n`);
  } catch {
    // nothing more to do: the plain CLI runs
  }
}

/** Written beside, then renamed over: a reader sees the old file or the new one, never half. */
function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = buildBlob(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.execPath);
  if (process.argv.includes('--verbose')) process.stderr.write(ok ? `specgate: startup snapshot built: ${BLOB}\n` : 'specgate: no startup snapshot built (the plain CLI runs)\n');
}
