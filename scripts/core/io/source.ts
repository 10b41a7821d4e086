import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PicomatchOptions } from 'picomatch';
import { UsageError } from '../base/errors.js';
import { listFolder, noteRead, pathKind } from '../replay/observed-reads.js';

/** Larger files are refused with a finding rather than read: checked before reading and again while reading. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Why a file could not be read: `missing` (nothing there), `too-large` (over the cap), `unreadable` (there, but not a regular file inside the root, or an I/O error). */
export type ReadFailure = 'missing' | 'too-large' | 'unreadable';

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; failure: ReadFailure; message: string };

/** Where the corpus is read from: the working tree, or (for pre-commit) the git index. */
export interface FileSource {
  /** Absolute repository root. */
  readonly root: string;
  readonly label: string;
  /** Bytes of a repository-relative regular file, or why there are none (never throws). */
  read(rel: string): ReadResult;
  exists(rel: string): boolean;
  /** A file's size without reading it, when the source can tell (git blobs): a file over the cap is refused unread. */
  sizeOf?(rel: string): number | undefined;
  /** Repository-relative paths matching globs (picomatch syntax, matched by globMatcher), sorted. */
  glob(patterns: readonly string[]): Promise<string[]>;
  /** The names in a folder, when the source holds its files itself (in memory); otherwise the folder on disk is listed. */
  namesIn?(dir: string): string[] | undefined;
}

/**
 * The path without its trailing slashes. A loop, not `/\/+$/`: that expression backtracks through
 * every run of slashes, so a path of many slashes costs the square of its length.
 */
export function withoutTrailingSlashes(p: string): string {
  let end = p.length;
  while (end > 0 && p.charCodeAt(end - 1) === 0x2f) end--;
  return p.slice(0, end);
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

const READ_CHUNK = 1024 * 1024;

/**
 * The one way a file is read from disk, whoever names it (the tree, `--config`, a capture folder):
 * regular files only. The kind is checked before opening, so a FIFO, a device or a socket is named
 * and never opened (a FIFO would block, /dev/zero never ends); with `root`, a path whose real path
 * (every symlink resolved) leaves the root or lies under its `.git/` is refused. The size is checked against `cap` before
 * reading and again while reading, in chunks (the first its size), so a file that grows cannot take more than `cap` + 1 MB.
 */
export function readRegularFile(file: string, opts: { root?: string; cap?: number } = {}): ReadResult {
  const at: { real?: string } = {};
  const got = readRegular(file, opts, at);
  // The result cache replays a run only if every file it read is as it was (core/replay/observed-reads.ts).
  noteRead(path.resolve(file), got.ok ? { real: at.real!, bytes: got.bytes } : got.failure === 'missing' ? 'missing' : { refused: got.message });
  return got;
}

function readRegular(file: string, opts: { root?: string; cap?: number }, at: { real?: string }): ReadResult {
  const cap = opts.cap ?? MAX_FILE_BYTES;
  let real: string;
  let st: Stats;
  try {
    real = realpathSync.native(file);
    at.real = real;
    st = statSync(real);
  } catch (e) {
    return failed(file, e);
  }
  if (opts.root !== undefined && !isInside(real, realRoot(opts.root))) {
    return { ok: false, failure: 'unreadable', message: `resolves through a symlink to ${real}, outside the repository root` };
  }
  // .git/config can hold a CI token (actions/checkout's extraheader): a parse error's code frame would print it.
  if (opts.root !== undefined && isInside(real, path.join(realRoot(opts.root), '.git'))) {
    return { ok: false, failure: 'unreadable', message: `resolves to ${real}, inside .git/ (never read)` };
  }
  if (!st.isFile()) return { ok: false, failure: 'unreadable', message: `is ${kindOf(st)}, not a regular file` };
  if (st.size > cap) return tooLarge(st.size, cap);
  let fd: number;
  try {
    // O_NONBLOCK: if a FIFO replaced the file since the check, opening it must not wait for a writer.
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    return failed(file, e);
  }
  try {
    const now = fstatSync(fd);
    if (!now.isFile()) return { ok: false, failure: 'unreadable', message: `is ${kindOf(now)}, not a regular file` };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // The size fstat gave (and a byte to see the end) first, then what is left of it, then a byte
      // that finds the end; only a file that grew past its size gets 1 MiB chunks. A 20 KB RFC read
      // into (or its end found with) a 1 MiB chunk allocated that megabyte: 62 MiB for upstream's
      // RFCs, and the collector ran twice for the external memory.
      const want = total === 0 ? now.size + 1 : total < now.size ? now.size - total + 1 : total === now.size ? 1 : READ_CHUNK;
      const chunk = Buffer.allocUnsafe(Math.min(want, cap + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > cap) return { ok: false, failure: 'too-large', message: `grew past ${cap} bytes while being read; refusing to read more` };
    }
    return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) };
  } catch (e) {
    return failed(file, e);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(size: number, cap: number): ReadResult {
  return { ok: false, failure: 'too-large', message: `file is ${size} bytes; refusing to read more than ${cap}` };
}

/** An errno as what it means for the file (a loop is not "not found"). */
function failed(file: string, e: unknown): ReadResult {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    let dangling = false;
    try {
      dangling = lstatSync(file).isSymbolicLink();
    } catch {
      // nothing there at all
    }
    return dangling ? { ok: false, failure: 'unreadable', message: 'is a symlink to nothing (dangling)' } : { ok: false, failure: 'missing', message: 'file not found' };
  }
  if (code === 'ELOOP') return { ok: false, failure: 'unreadable', message: 'is a symlink loop' };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, failure: 'unreadable', message: 'cannot be read: permission denied' };
  if (code === 'EISDIR') return { ok: false, failure: 'unreadable', message: 'is a directory, not a regular file' };
  return { ok: false, failure: 'unreadable', message: `cannot be read: ${code ?? (e as Error).message} (I/O error)` };
}

/** Why a path inside the root cannot be written in place (see `pathWithoutSymlinks`). */
export type PathBlock =
  | { kind: 'unreachable'; shown: string; code: string | undefined; last: boolean }
  | { kind: 'symlink'; shown: string }
  | { kind: 'wrong-type'; shown: string; what: string; last: boolean };

/**
 * Walks `rel` from the root down with lstat: every part must be a real folder and the last a
 * regular file (or, with `mayBeNew`, absent), so a write cannot be led through a symlink to
 * .git/config or out of the repository. Returns the absolute path, or the first part that blocks.
 * Shared by errata targets and the files the tree names for writing (the suppressions file).
 */
export function pathWithoutSymlinks(root: string, rel: string, opts: { mayBeNew?: boolean } = {}): { ok: true; file: string } | ({ ok: false } & PathBlock) {
  const segs = rel.split('/');
  let at = root;
  for (const [i, seg] of segs.entries()) {
    at = path.join(at, seg);
    const shown = segs.slice(0, i + 1).join('/');
    const last = i === segs.length - 1;
    let st: Stats;
    try {
      st = lstatSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && last && opts.mayBeNew) break;
      return { ok: false, kind: 'unreachable', shown, code, last };
    }
    if (st.isSymbolicLink()) return { ok: false, kind: 'symlink', shown };
    if (last ? !st.isFile() : !st.isDirectory()) return { ok: false, kind: 'wrong-type', shown, what: kindOf(st), last };
  }
  return { ok: true, file: at };
}

export function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

const realRoots = new Map<string, string>();

function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync.native(root);
    } catch {
      real = path.resolve(root);
    }
    realRoots.set(root, real);
  }
  return real;
}

export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export class FsSource implements FileSource {
  readonly label = 'working tree';
  constructor(readonly root: string) {}

  /**
   * A path of the tree must stay in the root, through any symlink. A path that itself leaves the
   * root (`../captures/x.json`, named on the command line, never by the tree) is the caller's
   * choice: it is held to regular files and the cap only.
   */
  read(rel: string): ReadResult {
    const named = rel === '..' || rel.startsWith('../') || path.isAbsolute(rel);
    return readRegularFile(path.join(this.root, rel), named ? {} : { root: this.root });
  }

  exists(rel: string): boolean {
    return pathKind(path.join(this.root, rel)) !== 'absent';
  }

  /** Lists the files under the folders the patterns start with (`RFCS/` of `RFCS/*.md`), then filters them with the one glob matcher. */
  async glob(patterns: readonly string[]): Promise<string[]> {
    const matches = globMatcher(patterns);
    const positive = patterns.filter((p) => !isNegated(p));
    // A dot entry can match only a pattern that spells a dot name (dot files are otherwise not matched, see GLOB_OPTIONS).
    const dots = positive.some((p) => /(^|[/{,])\./.test(p));
    const found = new Set<string>();
    for (const r of new Set(positive.map(staticPrefix))) for (const f of this.listing(r, dots)) if (matches(f)) found.add(f);
    return [...found].sort();
  }

  private readonly listings = new Map<string, string[]>();

  /** The files under a folder, walked once a run (an invariants file names many globs in the same folders). */
  private listing(rel: string, dots: boolean): string[] {
    const key = `${dots}:${rel}`;
    let files = this.listings.get(key);
    if (!files) this.listings.set(key, (files = [...this.walk(rel, dots)]));
    return files;
  }

  private *walk(rel: string, dots: boolean): Generator<string> {
    const entries = listFolder(path.join(this.root, rel));
    if (!entries) return;
    for (const e of entries) {
      if (e.name === '.git' || e.name === 'node_modules' || (!dots && e.name.startsWith('.'))) continue;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) yield* this.walk(child, dots);
      // A symlink is listed as the git sources list it; reading it follows it or says why not.
      else if (e.isFile() || e.isSymbolicLink()) yield child;
    }
  }
}

/** The leading folders of a pattern that hold no glob characters (`spec/v2` of `spec/v2/**\/*.json`). */
function staticPrefix(pattern: string): string {
  const fixed: string[] = [];
  for (const seg of pattern.split('/').slice(0, -1)) {
    if (/[*?{[]/.test(seg)) break;
    fixed.push(seg);
  }
  return fixed.join('/');
}

/**
 * The glob options of every file source (working tree, git index, a commit), so they match alike:
 * `*` and `**` do not match dot files or folders (globby's default) unless the pattern spells the
 * dot (`.github/**`); extglobs are off (nested `+(a|aa)` quantifiers backtrack exponentially);
 * a leading `!` negates (handled below, in order, as globby does).
 */
const GLOB_OPTIONS: PicomatchOptions = { dot: false, noextglob: true, nonegate: true, windows: false };

/**
 * picomatch compiles `*` to a backtracking regex: a pattern of k separate `*` runs costs up to
 * (name length)^k steps on a path it does not match. Three runs cover real globs (`packages/*\/src/**\/*.ts`)
 * and keep one test within milliseconds even on 255-character names.
 */
export const MAX_GLOB_STARS = 3;
const MAX_GLOB_LENGTH = 1024;

/** Why a glob is refused (too long, too many `*`), or undefined when it is accepted. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_GLOB_LENGTH) return `glob is ${pattern.length} characters long (at most ${MAX_GLOB_LENGTH})`;
  if (pattern.startsWith('/') || pattern.split('/').includes('..')) return `glob "${pattern}" leaves the repository`;
  const stars = pattern.match(/\*+/g)?.length ?? 0;
  if (stars > MAX_GLOB_STARS) return `glob "${pattern}" has ${stars} separate \`*\` wildcards (at most ${MAX_GLOB_STARS}, so matching stays fast)`;
  return undefined;
}

/** picomatch, loaded with the first glob (the pre-commit hook and its installer often need none). */
let picomatchLib: typeof import('picomatch') | undefined;

function isNegated(pattern: string): boolean {
  return pattern.startsWith('!') && !pattern.startsWith('!(');
}

/**
 * The glob with `(`, `)` and `|` escaped: picomatch reads them as a regular expression's group and
 * alternation even with extglobs off (`x|spec/**` matched every spec file, `(a|b)` either name).
 * As in minimatch (ESLint's globs) they are the characters themselves, in every glob alike
 * (layout, `ignores`, `overrides`): a file named `0002 (draft).md` is matched by its name, and
 * alternatives are written `{a,b}`. A character already escaped (`\\(`) stays as it is.
 */
export function literalGroups(glob: string): string {
  return glob.replace(/\\.|[()|]/gs, (m) => (m.length === 2 ? m : `\\${m}`));
}

/**
 * The one glob matcher of every file source: a path matches when the last pattern that matches it
 * is not negated, and never under node_modules. Throws a UsageError for a refused glob (see globProblem).
 */
export function globMatcher(patterns: readonly string[]): (rel: string) => boolean {
  const picomatch = (picomatchLib ??= createRequire(import.meta.url)('picomatch') as typeof import('picomatch'));
  const tests = patterns.map((p) => {
    const negated = isNegated(p);
    const body = negated ? p.slice(1) : p;
    const problem = globProblem(body);
    if (problem) throw new UsageError(problem);
    return { negated, test: picomatch(literalGroups(body), GLOB_OPTIONS) };
  });
  return (rel) => {
    if (rel === 'node_modules' || rel.startsWith('node_modules/') || rel.includes('/node_modules/')) return false;
    let ok = false;
    for (const t of tests) if (ok === t.negated && t.test(rel)) ok = !t.negated;
    return ok;
  };
}
