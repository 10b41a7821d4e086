import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { gitText } from '../core/io/git.js';
import type { RuleMeta } from '../core/engine/rule.js';
import { globMatcher } from '../core/io/source.js';
import { ERRATA } from './rules.js';
import type { Layout } from '../core/preset/layout.js';
import type { FileSource } from '../core/io/source.js';
import { isInside, pathWithoutSymlinks } from '../core/io/source.js';

export type TargetResolution =
  | {
      ok: true;
      file: string;
      /** Absolute path to write: the file itself (no symlink on the way), inside the root. */
      real?: string;
      /** Why it may be edited, shown in the dry run: "tracked by git", … */
      governed: string;
    }
  | { ok: false; rule: RuleMeta; message: string };

/** What an erratum may edit in this run: tracked files (in git) or files matching the document globs (outside git). */
export interface Governance {
  /** Real paths of the git folders (the worktree's and the common one): never a target. */
  gitDirs: string[];
  /** Root-relative paths git tracks; undefined outside git. */
  tracked: Set<string> | undefined;
  /** Outside git: the document globs a target must match. */
  globs: string[];
  isDocument: (rel: string) => boolean;
}

/**
 * The governed documents of a root. In a git work tree: the files git tracks (read once, `ls-files -z`).
 * Outside git: Markdown under the RFC folder and the top folders of the layout's documents
 * (`*.md`, `RFCS/**\/*.md`, `spec/**\/*.md`, …).
 */
export function governanceFor(source: FileSource, layout: Layout): Governance {
  const tops = new Set<string>([layout.rfcsDir, ...[layout.interopDoc, layout.interopMap, layout.invariants, layout.errorRegistry].map((p) => p.split('/')[0]!)]);
  const globs = ['*.md', ...[...tops].filter((t) => t && !t.startsWith('.')).map((t) => `${t}/**/*.md`)];
  const gov: Governance = { gitDirs: [], tracked: undefined, globs, isDocument: globMatcher(globs) };
  if (source.label !== 'working tree') return gov;
  try {
    const out = gitText(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'], { cwd: source.root });
    gov.gitDirs = out.split('\n').filter(Boolean).map((d) => safeReal(d));
    const listing = gitText(['ls-files', '-z', '--cached'], { cwd: source.root, maxBuffer: 256 * 1024 * 1024 });
    gov.tracked = new Set(listing.split('\0').filter(Boolean));
  } catch {
    // not a git work tree: the globs decide
  }
  return gov;
}

/** Errata amend documents: the Markdown files an RFC's `## Errata` names (every real erratum does). */
const MARKDOWN = /\.(md|markdown)$/i;

/** `RFCS/0152-…` (or `RFCS/0152-...`): a unique prefix of a file name in that folder. */
const ABBREVIATED = /(?:\u2026|(?<=[^./])\.\.\.)$/;

/**
 * A target path of an erratum, made repository-relative. Refused when it leaves the root
 * (absolute, `..`), when an abbreviated name does not match exactly one file, and when it is not a
 * governed document: under `.git/`, reached through a symlink (any part of the path), not a regular
 * file, not Markdown (`.md`, `.markdown`), or not tracked by git (outside git: not matching the document globs). The checks are made
 * on the real path, which is what gets written.
 */
export function resolveTarget(written: string, source: FileSource, gov: Governance): TargetResolution {
  const p = written.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || path.isAbsolute(written)) {
    return { ok: false, rule: ERRATA.targetOutsideRoot, message: `target ${written} is an absolute path; errata edit files inside the repository only` };
  }
  const normal = path.posix.normalize(p);
  if (normal === '..' || normal.startsWith('../')) {
    return { ok: false, rule: ERRATA.targetOutsideRoot, message: `target ${written} leaves the repository root` };
  }
  let rel = normal;
  if (ABBREVIATED.test(rel)) {
    const prefix = path.posix.basename(rel).replace(ABBREVIATED, '');
    const dir = path.posix.dirname(rel);
    const names = listDir(source, dir).filter((n) => n.startsWith(prefix));
    if (names.length === 0) return { ok: false, rule: ERRATA.targetMissing, message: `no file in ${dir}/ starts with ${prefix} (target ${written})` };
    if (names.length > 1) {
      return { ok: false, rule: ERRATA.targetAmbiguous, message: `target ${written} is abbreviated and matches ${names.length} files: ${names.map((n) => `${dir}/${n}`).join(', ')}` };
    }
    rel = dir === '.' ? names[0]! : `${dir}/${names[0]}`;
  }
  const notGoverned = (why: string): TargetResolution => ({ ok: false, rule: ERRATA.targetNotGoverned, message: `target ${rel} ${why}; errata edit governed documents only` });
  if (rel.split('/').some((seg) => seg.toLowerCase() === '.git')) return notGoverned('is inside .git/');
  if (!source.exists(rel)) return { ok: false, rule: ERRATA.targetMissing, message: `target file ${rel} does not exist in the ${source.label}` };
  if (source.label !== 'working tree') {
    const links = (source as { throughSymlink?: (r: string) => boolean }).throughSymlink;
    if (links?.call(source, rel)) return notGoverned('is a symlink, or passes through one, in the git index');
    return { ok: true, file: rel, governed: `in the ${source.label}` };
  }
  // Every part of the path, from the root down, must be a real folder and the last a regular file:
  // a symlink anywhere could point the write at .git/config or out of the repository.
  const walk = pathWithoutSymlinks(source.root, rel);
  if (!walk.ok) {
    if (walk.kind === 'unreachable') return { ok: false, rule: ERRATA.targetMissing, message: `target file ${rel} cannot be read (${walk.code})` };
    if (walk.kind === 'symlink') return notGoverned(`passes through the symlink ${walk.shown} (errata never write through a symlink)`);
    return notGoverned(`${walk.last ? 'is' : `has ${walk.shown}, which is`} ${walk.what}`);
  }
  const rootReal = safeReal(source.root);
  const real = safeReal(path.join(source.root, rel));
  if (!isInside(real, rootReal)) return { ok: false, rule: ERRATA.targetOutsideRoot, message: `target ${rel} resolves to ${real}, outside the repository root` };
  if (gov.gitDirs.some((d) => isInside(real, d))) return notGoverned('is inside the git folder');
  const back = path.relative(rootReal, real).split(path.sep).join('/');
  // Tracked is not enough: package.json, .github/workflows/*, .husky/* are tracked and run code.
  if (!MARKDOWN.test(back)) return notGoverned('is not a Markdown document (.md, .markdown), and tracked files such as package.json or workflows can run code');
  if (gov.tracked) {
    if (!gov.tracked.has(back)) return notGoverned('is not tracked by git');
    return { ok: true, file: rel, real, governed: 'tracked by git' };
  }
  if (!gov.isDocument(back)) return notGoverned(`is outside git and matches none of the document globs (${gov.globs.join(', ')})`);
  return { ok: true, file: rel, real, governed: 'outside git, matches the document globs' };
}

function safeReal(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

function listDir(source: FileSource, dir: string): string[] {
  const held = source.namesIn?.(dir);
  if (held) return held;
  try {
    return readdirSync(path.join(source.root, dir)).sort();
  } catch {
    return [];
  }
}
