import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { bytesSha256, readCapped, sha256 } from './cache-entry.js';

/**
 * What a run learnt from the file system, for the whole-run result cache (`scripts/result-replay.ts`).
 * Every look at the disk a cacheable run makes goes through the three observations here — a file
 * read (`noteRead`, from `readRegularFile`), a kind (`pathKind`: what stat says) and a folder
 * listing (`listFolder`) — and each is recorded while a recording is on, as the value it gave. The
 * fast path makes the same three observations again (`stillHolds`) with the same functions: when
 * every one gives the same value, the run would read the same inputs and print the same report.
 * A run that learns anything in another way calls `uncacheable`. Node's builtins only: the fast
 * path loads this module.
 */

/** `file`: a read, as `real path\0SHA-256` or `absent`; `kind`: stat's answer; `dir`: a listing's SHA-256 or `absent`. */
export type Observation = [kind: 'file' | 'kind' | 'dir', path: string, value: string];

/** More observations than this, and the run is not cached (its check would cost what a run does). */
export const MAX_OBSERVATIONS = 50_000;

/** A file read for a check is refused past this (as `MAX_FILE_BYTES`, `core/io/source.ts`). */
const MAX_OBSERVED_FILE_BYTES = 32 * 1024 * 1024;

interface Recording {
  seen: Map<string, Observation>;
  /** The report written to `--output`: replayed by writing it again the same way. */
  report?: [file: string, text: string];
  cacheable: boolean;
  why?: string;
}

let recording: Recording | undefined;

/** Starts recording this process's observations (the CLI, on a result-cache miss). */
export function startRecording(): void {
  recording = { seen: new Map(), cacheable: false };
}

/** The command says its run may be replayed (its flags write nothing and read no stdin): until then a recording is not. */
export function cacheableRun(): void {
  if (recording) recording.cacheable = true;
}

/** The run learnt something the observations cannot check again (a plugin, a package lookup, a refused read): it is not cached. */
export function uncacheable(why: string): void {
  if (recording && recording.why === undefined) recording.why = why;
}

/** Ends the recording: the observations, or why the run may not be replayed. */
export function stopRecording(): { observations: Observation[]; report?: [file: string, text: string] } | { why: string } {
  const r = recording;
  recording = undefined;
  if (!r) return { why: 'nothing was recorded' };
  if (r.why !== undefined) return { why: r.why };
  if (!r.cacheable) return { why: 'the command is not cached' };
  return { observations: [...r.seen.values()], ...(r.report ? { report: r.report } : {}) };
}

/** The run wrote its report to `file` (`--output`, absolute): a replay writes the same text there. */
export function noteReportFile(file: string, text: string): void {
  if (!recording) return;
  if (recording.report) uncacheable('more than one report file');
  recording.report = [file, text];
}

function note(kind: Observation[0], p: string, value: string): void {
  const r = recording;
  if (!r) return;
  p = path.resolve(p);
  const id = `${kind}\0${p}`;
  const before = r.seen.get(id);
  // The same look giving two answers in one run: the tree changed under it.
  if (before !== undefined && before[2] !== value) uncacheable(`${p} changed during the run`);
  r.seen.set(id, [kind, p, value]);
  if (r.seen.size > MAX_OBSERVATIONS) uncacheable(`more than ${MAX_OBSERVATIONS} inputs`);
}

/**
 * What stat says is at `p` (following symlinks): the one way a cacheable run asks whether a path
 * exists or is a folder. `input: false` for a look that shapes no report (whether `--output` names
 * a folder: a replay writes through the same checks, and a refusal makes it run afresh).
 */
export function pathKind(p: string, input = true): 'file' | 'dir' | 'other' | 'absent' {
  let kind: 'file' | 'dir' | 'other' | 'absent';
  try {
    const st = statSync(p);
    kind = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    kind = 'absent';
  }
  if (input) note('kind', p, kind);
  return kind;
}

/** A folder's entries (undefined when it cannot be listed): the one way a cacheable run lists a folder. */
export function listFolder(p: string): Dirent[] | undefined {
  let entries: Dirent[] | undefined;
  try {
    entries = readdirSync(p, { withFileTypes: true });
  } catch {
    entries = undefined;
  }
  if (recording) note('dir', p, listingHash(entries));
  return entries;
}

function listingHash(entries: Dirent[] | undefined): string {
  if (!entries) return 'absent';
  const hash = createHash('sha256');
  for (const line of entries.map((e) => `${e.isFile() ? 'f' : e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'o'} ${e.name}`).sort()) hash.update(line).update('\0');
  return hash.digest('hex');
}

/**
 * A read by `readRegularFile` (`core/io/source.ts`): the file's real path and bytes, or `missing`
 * (nothing at the path). Any other outcome — a refused symlink, a cap, a device — is not replayed.
 */
export function noteRead(p: string, got: { real: string; bytes: Buffer } | 'missing' | { refused: string }): void {
  if (!recording) return;
  if (got === 'missing') note('file', p, 'absent');
  else if ('refused' in got) uncacheable(`${p}: ${got.refused}`);
  else note('file', p, `${got.real}\0${bytesSha256(got.bytes)}`);
}

/** Whether an observation made by an earlier run gives the same value now. */
export function stillHolds([kind, p, value]: Observation): boolean {
  // Recorded absolute (note); an entry is data, so a relative path is not trusted to mean the same.
  if (!path.isAbsolute(p)) return false;
  if (kind === 'kind') return pathKind(p) === value;
  if (kind === 'dir') return listingHash(listFolder(p)) === value;
  return fileNow(p) === value;
}

/** `noteRead`'s value for the file at `p` now, as `readRegularFile` would see it; undefined when it would be refused. */
function fileNow(p: string): string | undefined {
  let real: string;
  try {
    real = realpathSync.native(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
    try {
      lstatSync(p);
      return undefined; // a dangling symlink: refused, not missing
    } catch {
      return 'absent';
    }
  }
  // Never through a symlink, never a FIFO or device; a file past the cap is not an input a run can rest on.
  const bytes = readCapped(real, MAX_OBSERVED_FILE_BYTES);
  return bytes === undefined ? undefined : `${real}\0${sha256(bytes)}`;
}
