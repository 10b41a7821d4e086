import path from 'node:path';
import { FatalError } from '../base/errors.js';
import { gitBytes } from './git.js';
import { globMatcher, MAX_FILE_BYTES, withoutTrailingSlashes } from './source.js';
import type { FileSource, ReadResult } from './source.js';

/** Every git call of this module goes through here (one place to bound what git prints). */
function gitOutput(root: string, args: string[], opts: { input?: string; maxBuffer: number }): Buffer {
  return gitBytes(args, { cwd: root, maxBuffer: opts.maxBuffer, ...(opts.input !== undefined ? { input: opts.input } : {}) });
}

/** Symlinks followed in a row before the chain is called a loop (Linux's own limit, as the working tree gets from realpath). */
const MAX_LINK_HOPS = 40;
/**
 * The longest link text followed (Linux's PATH_MAX): a working tree cannot hold a longer symlink,
 * and each hop puts the whole text in the path, so a blob of megabytes would grow it by that per hop.
 */
const MAX_LINK_TEXT = 4096;

/** One entry of a tree or the index: its git mode (`100644`/`100755` file, `120000` symlink, `160000` submodule) and object id. */
export interface GitEntry {
  mode: string;
  oid: string;
}

/**
 * Blobs kept between runs by their object id (`core/cache/blob-cache.ts`: entries of the one cache
 * folder, authenticated as every entry is). The object id names the content, so a blob kept there
 * is never asked of git again: a commit that changes one file reads one blob.
 */
export interface BlobStore {
  get(oid: string): Buffer | undefined;
  set(oid: string, bytes: Buffer): void;
  /** Keeps the store bounded: `live` are the object ids the index names (called before a run's first write). */
  prune?(live: ReadonlySet<string>): void;
}

/** Bytes of blobs one `git cat-file --batch` call returns at most. */
const BATCH_BYTES = 64 * 1024 * 1024;

/** A path component in the tree of symlinks: whether the path so far is a link, and the components below it. */
interface LinkNode {
  link: boolean;
  children: Map<string, LinkNode>;
}

const isRegular = (e: GitEntry | undefined) => e?.mode === '100644' || e?.mode === '100755';
const SYMLINK = '120000';
const GITLINK = '160000';

/**
 * One listing record (`mode SP [type SP] oid TAB path`, of `ls-tree -z` or `ls-files -s -z`) added
 * to `entries` under its root-relative path; records outside `prefix` or of another kind are skipped.
 */
export function addEntry(entries: Map<string, GitEntry>, rec: string, prefix = ''): void {
  const m = /^(\d+) (?:(?:blob|commit) )?([0-9a-f]+)(?: \d)?\t(.*)$/s.exec(rec);
  if (!m || !m[3]!.startsWith(prefix)) return;
  // Of a conflicted index path the last stage listed is kept.
  entries.set(m[3]!.slice(prefix.length), { mode: m[1]!, oid: m[2]! });
}

/**
 * Files held as git blobs: a map from root-relative path to entry, read through `git cat-file`
 * (one call per file, or one `--batch` call for files a glob lists). The index and a commit's tree
 * are both read this way, so both follow symlinks by the same rules as the working tree.
 */
export class GitBlobSource implements FileSource {
  private readonly cache = new Map<string, ReadResult>();
  private linkTree: LinkNode | undefined;
  /** The globs of the files the run will read (`want`): the first blob missed fetches them all in one process. */
  private wanted: (() => readonly string[]) | undefined;
  /** Paths already asked of git in a batch (an answer it did not give is then read alone, never asked again in a batch). */
  private readonly asked = new Set<string>();
  private store: BlobStore | undefined;
  /** Whether the store was kept bounded this run (once, before the first blob written). */
  private pruned = false;
  /** Blobs this source asked git for, and blobs it found kept by their object id (tests and `check --debug` count them). */
  readonly blobs = { fromGit: 0, kept: 0 };

  constructor(
    readonly root: string,
    readonly label: string,
    /** Root-relative path → mode and object id. */
    private readonly entries: Map<string, GitEntry>,
  ) {}

  /**
   * A regular file's blob. A symlink (mode 120000, its blob is the link text), as the file or as
   * a folder on its path, is resolved against the same tree, relative to the link's folder, and
   * followed only to a regular file inside the root, within MAX_LINK_HOPS; a link out of the root,
   * into `.git/`, to a folder, a submodule or nothing, and a loop, are refused as the working tree
   * refuses them. Blobs over the size cap are refused (git's output is cut off at the cap).
   */
  read(rel: string): ReadResult {
    const resolved = this.resolve(rel);
    if (typeof resolved !== 'string') return resolved;
    const at = resolved;
    if (at === '') return unreadable('is a symlink to the repository root, not a regular file');
    const entry = this.entries.get(at);
    const via = at === rel ? 'is' : `is a symlink to ${at},`;
    if (isRegular(entry)) return this.blob(at);
    if (entry?.mode === GITLINK) return unreadable(`${via} a submodule (gitlink), not a regular file`);
    if (entry) return unreadable(`${via} of git mode ${entry.mode}, not a regular file`);
    if (this.exists(at)) return unreadable(`${via} a directory, not a regular file`);
    if (at !== rel) return unreadable(`is a symlink to ${at}, which is not in the ${this.label} (dangling)`);
    return { ok: false, failure: 'missing', message: 'file not found' };
  }

  /**
   * The path with every symlink on it replaced by its target, one component at a time (a linked
   * folder as `spec/v2 -> ../v2-draft`, or the file itself), or why it cannot be followed. A
   * target is walked again from the root, as the kernel walks it: it may pass through linked
   * folders of its own (`a.json -> dir/f.json` with `dir -> real`).
   */
  private resolve(rel: string): string | ReadResult {
    let parts = rel.split('/');
    let hops = 0;
    // The path's components walk the tree of symlinks (each looked up by its own name, so a path
    // of many components costs its length, not the sum of its prefixes); a link found is replaced
    // by its target and the walk starts again, so links on the target's own path are followed too.
    for (let i = this.linkDepth(parts); i >= 0; i = this.linkDepth(parts)) {
      if (++hops > MAX_LINK_HOPS) return unreadable('is a symlink loop');
      const at = parts.slice(0, i + 1).join('/');
      const got = this.blob(at);
      if (!got.ok) return got;
      if (got.bytes.length > MAX_LINK_TEXT) return unreadable(`is a symlink whose target is ${got.bytes.length} bytes long (at most ${MAX_LINK_TEXT})`);
      const to = got.bytes.toString('utf8');
      const next = path.posix.normalize(path.posix.join(path.posix.dirname(at), to));
      if (to.startsWith('/') || next === '..' || next.startsWith('../')) return unreadable(`is a symlink to ${to}, outside the repository root`);
      if (next === '.git' || next.startsWith('.git/')) return unreadable(`is a symlink to ${next}, inside .git/ (never read)`);
      parts = [...(next === '.' ? [] : next.split('/')), ...parts.slice(i + 1)];
    }
    return parts.join('/');
  }

  /** The index of the first component of `parts` that is a symlink of the tree, or -1. */
  private linkDepth(parts: readonly string[]): number {
    let node = this.links();
    for (let i = 0; i < parts.length; i++) {
      const child = node.children.get(parts[i]!);
      if (!child) return -1;
      if (child.link) return i;
      node = child;
    }
    return -1;
  }

  /** The tree's symlinks as a tree of path components (built once, on the first path resolved). */
  private links(): LinkNode {
    if (this.linkTree) return this.linkTree;
    const top: LinkNode = { link: false, children: new Map() };
    for (const [rel, e] of this.entries) {
      if (e.mode !== SYMLINK) continue;
      let node = top;
      for (const part of rel.split('/')) {
        let child = node.children.get(part);
        if (!child) node.children.set(part, (child = { link: false, children: new Map() }));
        node = child;
      }
      node.link = true;
    }
    return (this.linkTree = top);
  }

  /** Whether the path is a symlink or passes through a linked folder (errata never write through one). */
  throughSymlink(rel: string): boolean {
    return this.linkDepth(rel.split('/')) >= 0;
  }

  /**
   * Names the files the run is about to read, as globs (re-evaluated at each miss, so a layout the
   * configuration sets later counts): the first blob not yet read brings every regular file they
   * match in one `git cat-file --batch`, instead of one git process per file.
   */
  want(globs: () => readonly string[]): void {
    this.wanted = globs;
  }

  /** Keeps the blobs read in `store`, and reads a blob kept there instead of asking git for it. */
  keepBlobs(store: BlobStore): void {
    this.store = store;
  }

  /** The blob of `rel` from the store, by its object id (remembered for the run), or false. */
  private fromStore(rel: string): boolean {
    const oid = this.entries.get(rel)?.oid;
    const bytes = oid && this.store ? this.store.get(oid) : undefined;
    if (!bytes) return false;
    this.blobs.kept++;
    this.cache.set(rel, { ok: true, bytes });
    return true;
  }

  /** A blob git just gave: kept for the run, and by its object id for the next runs. */
  private fetched(rel: string, got: ReadResult): void {
    this.cache.set(rel, got);
    if (!got.ok || !this.store) return;
    if (!this.pruned) {
      this.pruned = true;
      this.store.prune?.(new Set([...this.entries.values()].map((e) => e.oid)));
    }
    this.store.set(this.entries.get(rel)!.oid, got.bytes);
  }

  private blob(rel: string): ReadResult {
    const cached = this.cache.get(rel);
    if (cached) return cached;
    if (this.fromStore(rel)) return this.cache.get(rel)!;
    if (this.wanted && !this.asked.has(rel)) {
      this.prefetch([rel]);
      const got = this.cache.get(rel);
      if (got) return got;
    }
    const oid = this.entries.get(rel)?.oid;
    let got: ReadResult;
    if (!oid) got = { ok: false, failure: 'missing', message: 'file not found' };
    else {
      try {
        this.blobs.fromGit++;
        got = { ok: true, bytes: gitOutput(this.root, ['cat-file', 'blob', oid], { maxBuffer: MAX_FILE_BYTES + 1 }) };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        got = code === 'ENOBUFS' ? tooLargeBlob() : unreadable(`cannot be read from git (${code ?? (e as Error).message})`);
      }
    }
    this.fetched(rel, got);
    return got;
  }

  /** Whether the path names an entry or a folder of the tree, through linked folders as a read goes. */
  exists(rel: string): boolean {
    if (this.entries.has(rel)) return true;
    const resolved = this.resolve(withoutTrailingSlashes(rel));
    const at = typeof resolved === 'string' ? resolved : rel;
    if (at === '' || this.entries.has(at)) return true;
    const prefix = at.endsWith('/') ? at : at + '/';
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  async glob(patterns: readonly string[]): Promise<string[]> {
    const matches = globMatcher(patterns);
    // A submodule is a folder in the working tree, not a file a glob lists.
    const found = [...this.entries].filter(([rel, e]) => e.mode !== GITLINK && matches(rel)).map(([rel]) => rel).sort();
    this.prefetch(found);
    return found;
  }

  /**
   * Files about to be read, in one `git cat-file --batch` whose output is capped at BATCH_BYTES
   * (a blob over MAX_FILE_BYTES in it is refused, its size known from its header). Only when the
   * files together pass the cap are their sizes asked first (`--batch-check`, one short line each),
   * so a blob over the cap is refused unread, and the rest read in slices of at most BATCH_BYTES.
   */
  prefetch(rels: readonly string[]): void {
    const matches = this.wanted ? globMatcher(this.wanted()) : undefined;
    const more = matches ? [...this.entries].filter(([r, e]) => isRegular(e) && !this.cache.has(r) && !this.asked.has(r) && matches(r)).map(([r]) => r) : [];
    // A blob kept by its object id is taken from the store: git is asked only for the others.
    const wanted = [...new Set([...rels, ...more])].filter((r) => !this.cache.has(r) && !this.asked.has(r) && isRegular(this.entries.get(r)) && !this.fromStore(r));
    if (wanted.length === 0) return;
    for (const r of wanted) this.asked.add(r);
    try {
      this.fetchBatch(wanted);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOBUFS') return; // read one by one
    }
    const oids = (list: readonly string[]) => list.map((r) => this.entries.get(r)!.oid).join('\n') + '\n';
    const checked = gitOutput(this.root, ['cat-file', '--batch-check'], { input: oids(wanted), maxBuffer: 1024 + wanted.length * 128 }).toString('latin1').split('\n');
    const slices: string[][] = [];
    let slice: string[] = [];
    let bytes = 0;
    wanted.forEach((rel, i) => {
      const [, type, n] = (checked[i] ?? '').split(' ');
      const size = Number(n);
      if (type !== 'blob' || !Number.isSafeInteger(size)) return; // unexpected answer: read it alone
      if (size > MAX_FILE_BYTES) return void this.cache.set(rel, tooLargeBlob(size));
      if (slice.length > 0 && bytes + size > BATCH_BYTES) {
        slices.push(slice);
        slice = [];
        bytes = 0;
      }
      slice.push(rel);
      bytes += size;
    });
    if (slice.length > 0) slices.push(slice);
    for (const part of slices) {
      try {
        this.fetchBatch(part);
      } catch {
        // read one by one
      }
    }
  }

  /** One `git cat-file --batch` of the files' blobs (throws ENOBUFS past BATCH_BYTES of output). */
  private fetchBatch(rels: readonly string[]): void {
    this.blobs.fromGit += rels.length;
    const out = gitOutput(this.root, ['cat-file', '--batch'], { input: rels.map((r) => this.entries.get(r)!.oid).join('\n') + '\n', maxBuffer: BATCH_BYTES + rels.length * 128 });
    let at = 0;
    for (const rel of rels) {
      const eol = out.indexOf(10, at);
      if (eol < 0) return;
      const header = out.subarray(at, eol).toString('latin1').split(' ');
      if (header[1] === 'missing') {
        at = eol + 1;
        continue;
      }
      if (header[1] !== 'blob') return; // unexpected answer: fall back to reading one by one
      const size = Number(header[2]);
      if (!Number.isSafeInteger(size) || eol + 1 + size > out.length) return;
      this.fetched(rel, size <= MAX_FILE_BYTES ? { ok: true, bytes: out.subarray(eol + 1, eol + 1 + size) } : tooLargeBlob(size));
      at = eol + 1 + size + 1;
    }
  }
}

/**
 * Files as they are staged in the git index (for the pre-commit hook and --staged), not as they
 * are in the working tree. Paths are relative to `root`, which may be a subdirectory of the work tree.
 */
export class GitIndexSource extends GitBlobSource {
  static async open(root: string): Promise<GitIndexSource> {
    let listing: string;
    try {
      // `ls-files` run in a subdirectory lists only that subtree, relative to it; outside a work
      // tree (no repository, a bare one) it fails, so it is the only question asked. Inside a
      // .git/ folder it answers (nothing), so such a root is refused by its path.
      if (root.split(path.sep).includes('.git')) throw new Error();
      listing = gitOutput(root, ['ls-files', '--stage', '-z'], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
    } catch {
      throw new FatalError(`--staged needs a git work tree: ${root} is not one`);
    }
    const entries = new Map<string, GitEntry>();
    for (const rec of listing.split('\0')) addEntry(entries, rec);
    return new GitIndexSource(root, 'git index', entries);
  }

  /**
   * The first of `files` (above the root, nearest first: the configuration searched upward from a
   * root below the repository's top) that the index holds, as it holds it: a regular file's staged
   * blob, else why not; undefined when it holds none, so a file that is not staged governs nothing
   * the commit holds, and one staged but deleted from the working tree still does. One git call.
   */
  readAbove(files: readonly string[]): { file: string; got: ReadResult } | undefined {
    if (files.length === 0) return undefined;
    const rels = files.map((f) => path.relative(this.root, f).split(path.sep).join('/'));
    let listing: string;
    try {
      // Run at the root, `ls-files` names each path as it was asked for (`../specgate.config.json`).
      listing = gitOutput(this.root, ['--literal-pathspecs', 'ls-files', '--stage', '-z', '--', ...rels], { maxBuffer: 1024 * 1024 }).toString('utf8');
    } catch {
      return { file: files[0]!, got: unreadable('cannot be read from the git index') };
    }
    const entries = new Map<string, GitEntry>();
    for (const rec of listing.split('\0')) addEntry(entries, rec);
    const i = rels.findIndex((rel) => entries.has(rel));
    if (i < 0) return undefined;
    const file = files[i]!;
    const entry = entries.get(rels[i]!)!;
    if (!isRegular(entry)) return { file, got: unreadable(`is of git mode ${entry.mode} in the git index, not a regular file`) };
    return { file, got: new GitBlobSource(path.dirname(file), this.label, new Map([[path.basename(file), entry]])).read(path.basename(file)) };
  }
}

/** A blob over the cap: its size when git told it first, else what the cut-off output shows. */
function tooLargeBlob(size?: number): ReadResult {
  const message = size === undefined ? `blob is larger than ${MAX_FILE_BYTES} bytes; refusing to read more` : `blob is ${size} bytes; refusing to read more than ${MAX_FILE_BYTES}`;
  return { ok: false, failure: 'too-large', message };
}

function unreadable(message: string): ReadResult {
  return { ok: false, failure: 'unreadable', message };
}
