import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { FatalError } from '../base/errors.js';
import { gitText } from './git.js';
import { kindOf, pathWithoutSymlinks, readRegularFile } from './source.js';
import type { StatePaths } from './writer-state.js';
import { ensureStateDir, MAX_JOURNAL_BYTES, MAX_LOCK_BYTES, notWritable, readStateFile, removeStateDirIfEmpty, statePaths, TEMP_NAME, TREE_STATE_NAMES } from './writer-state.js';

/*
 * The one writer. Every file specgate writes goes to a temp file with a random name beside its
 * target, created with O_EXCL (`wx`: an existing path, a planted symlink included, is never opened),
 * then fsynced and renamed over the target. `durable: false` (caches) skips the fsyncs: a torn
 * cache entry is a miss, never wrong data.
 *
 * `commitFiles` writes a set of files all-or-nothing (errata): under a lock, with a journal, each
 * target re-read and compared by hash just before its rename. `recoverInterrupted` finishes or rolls
 * back a run that was killed, and removes the temp files it left.
 */

export const TEMP_MARK = '.specgate-';

/** `.name.specgate-<random>.tmp` beside `file`: hidden, unpredictable, recognisable for clean-up. */
function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}${TEMP_MARK}${randomBytes(8).toString('hex')}.tmp`);
}

export interface WriteOptions {
  /** Permission bits of the written file (default: the replaced file's own, or 0644 for a new one). */
  mode?: number;
  /** fsync the file and its folder (default true); caches pass false. */
  durable?: boolean;
}

/** Writes `data` to a fresh temp file (O_EXCL) beside `target` and returns its path; the caller renames it. */
export function stageTemp(target: string, data: string | Buffer, opts: WriteOptions & { tmp?: string } = {}): string {
  let mode = opts.mode;
  if (mode === undefined) {
    try {
      mode = statSync(target).mode & 0o777; // the replaced file keeps its permissions
    } catch {
      mode = 0o644;
    }
  }
  const tmp = opts.tmp ?? tempNameFor(target);
  const fd = openSync(tmp, 'wx', mode);
  let ok = false;
  try {
    fchmodSync(fd, mode); // exactly, whatever the umask
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    if (opts.durable !== false) fsyncSync(fd);
    ok = true;
  } finally {
    closeSync(fd);
    if (!ok) removeQuietly(tmp);
  }
  return tmp;
}

/** Replaces (or creates) one file atomically: a reader sees the old bytes or the new, never a mix. */
export function writeFileAtomic(file: string, data: string | Buffer, opts: WriteOptions = {}): void {
  const tmp = stageTemp(file, data, opts);
  try {
    renameSync(tmp, file);
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  }
  if (opts.durable !== false) syncDir(path.dirname(file));
}

// Paths a user names for writing (`--output`, `--suppressions-location`, `probe --record`): user-output.ts.

/**
 * A file the tree itself names for writing (the suppressions file in the root), held to the rules of
 * errata targets: inside the root, never under `.git/`, never through a symlink (any part of the
 * path), and a regular file or a new path. A committed symlink is refused, not followed or replaced.
 */
export function writeTreeFile(root: string, rel: string, text: string, what: string): void {
  const at = treeTarget(root, rel, what, false);
  try {
    // rename replaces the directory entry itself: a symlink planted since the check is replaced, never followed.
    writeFileAtomic(at, text);
  } catch (e) {
    throw new FatalError(`cannot write ${rel}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Several files the tree names for writing (the rule pages `list-rules --format markdown` writes
 * beside its index), each held to writeTreeFile's rules. Every path is checked before any file is
 * written, so one refused path writes nothing; missing folders are made one by one, as real folders.
 */
export function writeTreeFiles(root: string, files: ReadonlyArray<readonly [rel: string, text: string]>, what: string): void {
  checkTreeFiles(root, files.map(([rel]) => rel), what);
  for (const [rel, text] of files) {
    let at = root;
    for (const seg of rel.split('/').slice(0, -1)) {
      at = path.join(at, seg);
      try {
        mkdirSync(at);
      } catch (e) {
        // EEXIST: a folder, or something that is not one, which writeTreeFile's walk refuses.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new FatalError(`cannot write ${rel}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    writeTreeFile(root, rel, text, what);
  }
}

/** Throws the one-line error of the first of `rels` that writeTreeFiles would refuse (a missing folder is not refused: it is made). */
export function checkTreeFiles(root: string, rels: readonly string[], what: string): void {
  for (const rel of rels) treeTarget(root, rel, what, true);
}

/** The absolute path `rel` may be written at (see writeTreeFile), or a one-line error; `newFolders`: its folders may be missing yet. */
function treeTarget(root: string, rel: string, what: string, newFolders: boolean): string {
  const segs = rel.split('/');
  const refuse = (why: string): never => {
    throw new FatalError(`cannot write ${rel}: ${why}; ${what} is written as a regular file inside the repository`);
  };
  if (path.isAbsolute(rel) || segs.includes('..')) refuse('it leaves the repository root');
  if (segs.some((seg) => seg.toLowerCase() === '.git')) refuse('it is inside .git/');
  const walk = pathWithoutSymlinks(root, rel, { mayBeNew: true });
  if (walk.ok) return walk.file;
  if (newFolders && walk.kind === 'unreachable' && walk.code === 'ENOENT') return path.join(root, ...segs);
  return refuse(walk.kind === 'symlink' ? `${walk.shown} is a symlink (never written through)` : walk.kind === 'wrong-type' ? `${walk.shown} is ${walk.what}` : `${walk.shown} cannot be reached (${walk.code})`);
}

function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // not every platform lets a folder be fsynced; the rename itself is still atomic
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// All-or-nothing writes of several files (errata)

export interface FileCommit {
  /** Repository-relative name, for messages. */
  file: string;
  /** Absolute path to replace. */
  real: string;
  /** The bytes the plan was made from: the target must still hold exactly these. */
  before: string;
  after: string;
}

interface JournalEntry {
  file: string;
  real: string;
  tmp: string;
  before: string;
  after: string;
}

interface Journal {
  pid: number;
  /** The real path of the root the run wrote in: every entry must lie inside it. */
  root: string;
  /** `staging`: temps being written, no target touched (recovery removes them). `renaming`: every temp is complete and fsynced (recovery finishes the renames). */
  phase: 'staging' | 'renaming';
  files: JournalEntry[];
}

export { statePaths } from './writer-state.js';
export type { StatePaths } from './writer-state.js';

/** State files are written for this user only. */
const STATE_MODE = 0o600;

export interface Lock {
  release(): void;
}

/**
 * Takes the run lock: a file created with O_EXCL holding pid and host, in the writer's state folder
 * (writer-state.ts: under .git/, never in the tree). The content is written to a temp file and
 * hard-linked into place, so the lock never exists empty. A lock whose process is gone (same host,
 * pid not running) is stale and taken over; a live one refuses the run.
 */
export function acquireLock(root: string): Lock {
  const state = statePaths(root);
  const { lock } = state;
  const body = JSON.stringify({ pid: process.pid, host: hostname() }) + '\n';
  for (let attempt = 0; attempt < 3; attempt++) {
    ensureStateDir(state);
    let tmp: string;
    try {
      tmp = stageTemp(lock, body, { durable: false, mode: STATE_MODE });
    } catch (e) {
      // ENOENT: another run removed the (empty) state folder meanwhile; make it again
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new FatalError(`cannot take the lock ${lock}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    try {
      linkSync(tmp, lock);
      return { release: () => releaseLock(state) };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code !== 'EEXIST') throw new FatalError(`cannot take the lock ${lock}: ${code}`);
    } finally {
      removeQuietly(tmp);
    }
    const holder = lockHolder(lock);
    if (holder.alive) throw new FatalError(`another specgate errata run holds ${lock} (${holder.who}); wait for it, or remove the file if that process is gone`);
    // Stale: move it aside under a unique name first, so two runs taking it over cannot remove each other's fresh lock.
    const aside = tempNameFor(lock);
    try {
      renameSync(lock, aside);
      removeQuietly(aside);
    } catch {
      // another run moved it first; try again
    }
  }
  throw new FatalError(`cannot take the lock ${lock}: it keeps reappearing`);
}

function releaseLock(state: StatePaths): void {
  const got = readStateFile(state.lock, MAX_LOCK_BYTES);
  try {
    if (got.state === 'ok' && (JSON.parse(got.text) as { pid?: number }).pid === process.pid) unlinkSync(state.lock);
  } catch {
    // gone already
  }
  removeStateDirIfEmpty(state);
}

function lockHolder(lock: string): { alive: boolean; who: string } {
  const got = readStateFile(lock, MAX_LOCK_BYTES);
  if (got.state !== 'ok') return { alive: false, who: got.state === 'absent' ? 'gone' : `unreadable: it ${got.why}` };
  let held: { pid?: unknown; host?: unknown };
  try {
    held = JSON.parse(got.text) as typeof held;
  } catch {
    return { alive: false, who: 'unreadable' };
  }
  if (typeof held !== 'object' || held === null) return { alive: false, who: 'unreadable' };
  const who = `pid ${String(held.pid)} on ${String(held.host)}`;
  if (!Number.isSafeInteger(held.pid) || (held.pid as number) <= 0) return { alive: false, who };
  if (held.host !== hostname()) return { alive: true, who };
  try {
    process.kill(held.pid as number, 0);
    return { alive: true, who };
  } catch (e) {
    return { alive: (e as NodeJS.ErrnoException).code === 'EPERM', who };
  }
}

/** A test seam: called just before each rename (to change a target mid-run, or pause for a kill). */
export type BeforeRename = (file: string) => void;

/**
 * Writes every file or none. The caller holds the lock. Order: journal (phase staging) → each new
 * text to a wx temp, fsynced → journal (phase renaming) → per file: re-read and hash-compare the
 * target, rename → journal removed. A target changed since it was read refuses the run; targets
 * already replaced are put back, so nothing is written. Every target must be a governed document
 * of the root reached without a symlink (`writableTarget`), or nothing is written.
 */
export function commitFiles(root: string, changes: readonly FileCommit[], hooks: { beforeRename?: BeforeRename } = {}): void {
  const state = statePaths(root);
  const { journal } = state;
  const realRoot = realpathSync.native(root);
  step('begin');
  for (const c of changes) {
    const why = writableTarget(realRoot, c.file, c.real);
    if (why) throw new FatalError(`nothing written: ${c.file} ${why}`);
    const changed = changedSinceRead(c);
    if (changed) throw new FatalError(`nothing written: ${changed}`);
  }
  ensureStateDir(state);
  const entries: JournalEntry[] = changes.map((c) => ({ file: c.file, real: c.real, tmp: tempNameFor(c.real), before: sha256(c.before), after: sha256(c.after) }));
  // The journal names every temp before any exists, so a kill at any point leaves nothing it does not list.
  writeFileAtomic(journal, JSON.stringify({ pid: process.pid, root: realRoot, phase: 'staging', files: entries } satisfies Journal), { mode: STATE_MODE });
  step('journal written');
  let staging = changes[0]?.file ?? '';
  try {
    for (const [i, c] of changes.entries()) {
      staging = c.file;
      stageTemp(c.real, c.after, { tmp: entries[i]!.tmp });
      step(`staged ${c.file}`);
    }
  } catch (e) {
    for (const en of entries) removeQuietly(en.tmp);
    removeQuietly(journal);
    removeStateDirIfEmpty(state);
    throw new FatalError(`nothing written: could not stage a new version beside ${staging} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  writeFileAtomic(journal, JSON.stringify({ pid: process.pid, root: realRoot, phase: 'renaming', files: entries } satisfies Journal), { mode: STATE_MODE });
  step('renaming');
  const done: number[] = [];
  for (const [i, c] of changes.entries()) {
    try {
      hooks.beforeRename?.(c.file);
      const changed = changedSinceRead(c);
      if (changed) throw new ChangedSinceRead(changed);
      renameSync(entries[i]!.tmp, c.real);
      done.push(i);
      step(`renamed ${c.file}`);
    } catch (e) {
      // Put back what was replaced, so nothing of this run stays written; but a replaced file that
      // someone edited since holds their edit too, and putting it back would lose that edit.
      const kept: string[] = [];
      let putBack = 0;
      for (const d of done) {
        const now = readRegularFile(changes[d]!.real);
        if (now.ok && sha256(now.bytes) === entries[d]!.after) {
          writeFileAtomic(changes[d]!.real, changes[d]!.before);
          putBack++;
        } else kept.push(changes[d]!.file);
      }
      for (const en of entries) removeQuietly(en.tmp);
      removeQuietly(journal);
      removeStateDirIfEmpty(state);
      const why = e instanceof ChangedSinceRead ? e.message : `could not replace ${c.file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      const back = putBack ? `; the ${putBack} file(s) already replaced were put back` : '';
      if (kept.length) throw new FatalError(`refused: ${why}${back}; ${kept.join(', ')} changed after this run replaced it and was left as it is (it holds this run's edit and the later one)`);
      throw new FatalError(`nothing written: ${why}${back}`);
    }
  }
  for (const c of changes) syncDir(path.dirname(c.real));
  removeQuietly(journal);
  removeStateDirIfEmpty(state);
  step('done');
}

class ChangedSinceRead extends Error {}

/**
 * Why the writer may not replace `real` for the repository-relative `file` (undefined: it may): the
 * one check of every target (`--fix`, errata) and of every path a journal names. `file` must be a
 * governed Markdown, JSON or YAML document inside the root, outside `.git/`, `real` exactly its
 * path under the real root, and every part of the path a real folder and the last a regular file
 * (no symlink anywhere: an RFC linked to a workflow is never written through).
 */
export function writableTarget(realRoot: string, file: string, real: string): string | undefined {
  const why = notWritable(file);
  if (why) return why;
  if (real !== path.join(realRoot, ...file.split('/'))) return `is not at ${real} inside the repository root`;
  const walk = pathWithoutSymlinks(realRoot, file);
  if (walk.ok) return undefined;
  if (walk.kind === 'symlink') return `passes through the symlink ${walk.shown} (never written through)`;
  if (walk.kind === 'wrong-type') return walk.last ? `is ${walk.what}` : `has ${walk.shown}, which is ${walk.what}`;
  return `cannot be reached (${walk.code ?? 'error'})`;
}

/** Why the target no longer holds exactly the bytes the plan was made from (undefined: it does). */
function changedSinceRead(c: FileCommit): string | undefined {
  const now = readRegularFile(c.real);
  if (!now.ok) return `${c.file}: ${now.message} now; the whole run is refused`;
  if (sha256(now.bytes) !== sha256(c.before)) return `${c.file} changed since it was read (edited during the run); the whole run is refused, run it again`;
  return undefined;
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * The journal as this writer wrote it, every entry checked: each names a governed document inside
 * the root this run writes (`writableTarget`) and, as its temp, a name this writer makes beside it.
 * Anything else is a one-line error naming the journal; nothing it names is touched.
 */
function trustedJournal(text: string, realRoot: string, journal: string): Journal {
  const refuse = (why: string): never => {
    throw new FatalError(`the writer's journal ${journal} ${why}; nothing was done with it (inspect it, then remove it)`);
  };
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    return refuse('is not valid JSON');
  }
  const o = j as Partial<Journal>;
  if (typeof j !== 'object' || j === null || (o.phase !== 'staging' && o.phase !== 'renaming') || !Array.isArray(o.files)) return refuse('is not a journal of this writer');
  if (o.root !== realRoot) return refuse(`belongs to another root (${String(o.root)})`);
  for (const en of o.files as unknown[]) {
    const e = en as Partial<JournalEntry>;
    if (typeof en !== 'object' || en === null || typeof e.file !== 'string' || typeof e.real !== 'string' || typeof e.tmp !== 'string' || !HASH.test(String(e.before)) || !HASH.test(String(e.after))) {
      return refuse('has an entry that is not a file this writer writes');
    }
    const why = writableTarget(realRoot, e.file, e.real);
    if (why) return refuse(`names ${e.file}, which ${why}`);
    const tmp = TEMP_NAME.exec(path.basename(e.tmp));
    if (path.dirname(e.tmp) !== path.dirname(e.real) || !tmp || tmp[1] !== path.basename(e.real)) return refuse(`names ${e.tmp}, which is not a temp name this writer makes for ${e.file}`);
  }
  return o as Journal;
}

/**
 * Finishes what an interrupted run left (the caller holds the lock): a journal in phase `staging`
 * is rolled back (its temps removed, no target was touched), one in phase `renaming` is completed
 * (each target still holding its old bytes gets its fsynced temp). Returns one line per action.
 * Only writing commands call it: a read-only command never changes a file (see `pendingWrite`).
 */
export function recoverInterrupted(root: string): string[] {
  const state = statePaths(root);
  const { journal, lock } = state;
  const realRoot = realpathSync.native(root);
  const said: string[] = [];
  const got = readStateFile(journal, MAX_JOURNAL_BYTES);
  if (got.state === 'refused') throw new FatalError(`the writer's journal ${journal} ${got.why}; nothing was done with it (inspect it, then remove it)`);
  if (got.state === 'ok') {
    const j = trustedJournal(got.text, realRoot, journal);
    const conflicts: string[] = [];
    if (j.phase === 'renaming') {
      for (const en of j.files) {
        const now = readRegularFile(en.real);
        const hash = now.ok ? sha256(now.bytes) : undefined;
        if (hash === en.after) continue;
        const staged = isPlainFile(en.tmp) ? readRegularFile(en.tmp) : undefined;
        if (hash === en.before && staged?.ok && sha256(staged.bytes) === en.after) {
          renameSync(en.tmp, en.real);
          said.push(`completed the interrupted write of ${en.file}`);
        } else conflicts.push(en.file);
      }
      if (conflicts.length) {
        throw new FatalError(`an interrupted errata run cannot be completed: ${conflicts.join(', ')} changed since; check them and remove ${journal}`);
      }
    } else said.push(`rolled back an interrupted errata run (no file had been replaced)`);
    for (const en of j.files) removeQuietly(en.tmp);
    removeStaleTemps(j.files.map((en) => en.real));
    removeQuietly(journal);
  }
  // Temps of the journal and of the lock themselves, left by a kill while they were being written.
  for (const name of safeList(state.dir)) {
    if ((name.startsWith(`.${path.basename(journal)}${TEMP_MARK}`) || name.startsWith(`.${path.basename(lock)}${TEMP_MARK}`)) && name.endsWith('.tmp')) {
      removeQuietly(path.join(state.dir, name));
    }
  }
  removeStateDirIfEmpty(state);
  return said;
}

/**
 * What a read-only command says instead of recovering: a journal an interrupted write left (the
 * next writing command finishes it), and state files by the old names in the tree or the index,
 * which are never read.
 */
export function writerNotices(root: string): string[] {
  const said: string[] = [];
  let tracked: string[] = [];
  if (statePaths(root).where === 'git') {
    try {
      tracked = gitText(['--literal-pathspecs', 'ls-files', '-z', '--cached', '--', ...TREE_STATE_NAMES], { cwd: root, maxBuffer: 64 * 1024 }).split('\0');
    } catch {
      // not readable as a work tree: the working tree alone is looked at
    }
  }
  for (const name of TREE_STATE_NAMES) {
    let inTree = false;
    try {
      lstatSync(path.join(root, name));
      inTree = true;
    } catch {
      // absent
    }
    const inIndex = tracked.includes(name);
    if (inTree || inIndex) {
      said.push(`ignored ${name} ${inTree && inIndex ? 'in the working tree and the git index' : inTree ? 'in the working tree' : 'in the git index'}: the writer's lock and journal are never read from the tree (they live in ${statePaths(root).dir})`);
    }
  }
  return said;
}

/** Whether an interrupted write left its journal (for the notice of a read-only command). */
export function pendingWrite(root: string): string | undefined {
  const { journal } = statePaths(root);
  return readStateFile(journal, MAX_JOURNAL_BYTES).state === 'absent' ? undefined : journal;
}

function isPlainFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

/** Removes specgate temp files beside `files` that no running writer owns (called under the lock). */
export function removeStaleTemps(files: readonly string[]): number {
  let removed = 0;
  for (const dir of new Set(files.map((f) => path.dirname(f)))) {
    for (const name of safeList(dir)) {
      if (name.startsWith('.') && name.includes(TEMP_MARK) && name.endsWith('.tmp') && files.some((f) => name.startsWith(`.${path.basename(f)}${TEMP_MARK}`))) {
        removeQuietly(path.join(dir, name));
        removed++;
      }
    }
  }
  return removed;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The longest pause `SPECGATE_WRITER_PAUSE` may ask for: a longer one is taken for a typo, not a wish to hang. */
const MAX_WRITER_PAUSE_MS = 60_000;

/**
 * `SPECGATE_WRITER_PAUSE` (tests only: the kill tests): `<ms>` announces each writer step on stderr
 * and pauses there, so a SIGKILL sent at a random moment lands between any two steps;
 * `<ms>@<step name>` announces every step but pauses only at that one, so a kill aimed right after
 * it lands there without waiting out the steps before. It is a test knob, not user configuration:
 * a value that is not of that form, or asks for more than MAX_WRITER_PAUSE_MS, is ignored (the
 * write runs as if it were unset) rather than reported.
 */
export function writerPause(value: string | undefined): { ms: number; at?: string } | undefined {
  const m = /^([1-9]\d*)(?:@(.+))?$/s.exec(value ?? '');
  if (!m || Number(m[1]) > MAX_WRITER_PAUSE_MS) return undefined;
  return m[2] === undefined ? { ms: Number(m[1]) } : { ms: Number(m[1]), at: m[2] };
}

function step(name: string): void {
  const pause = writerPause(process.env.SPECGATE_WRITER_PAUSE);
  if (!pause) return;
  process.stderr.write(`specgate-writer-step: ${name}\n`);
  if (pause.at !== undefined && pause.at !== name) return;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause.ms);
}
