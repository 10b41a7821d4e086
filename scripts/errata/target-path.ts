import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { FileSource } from '../core/source.js';

export type TargetResolution =
  | { ok: true; file: string; /** Absolute path to write (symlinks resolved, inside the root). */ real?: string }
  | { ok: false; ruleId: 'errata/target-outside-root' | 'errata/target-missing' | 'errata/target-ambiguous'; message: string };

/** `RFCS/0152-…` (or `RFCS/0152-...`): a unique prefix of a file name in that folder. */
const ABBREVIATED = /(?:\u2026|(?<=[^./])\.\.\.)$/;

/**
 * A target path of an erratum, made repository-relative. Refused when it leaves the root
 * (absolute, `..`, or a symlink pointing out); an abbreviated name must match exactly one file.
 */
export function resolveTarget(written: string, source: FileSource): TargetResolution {
  const p = written.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || path.isAbsolute(written)) {
    return { ok: false, ruleId: 'errata/target-outside-root', message: `target ${written} is an absolute path; errata edit files inside the repository only` };
  }
  const normal = path.posix.normalize(p);
  if (normal === '..' || normal.startsWith('../')) {
    return { ok: false, ruleId: 'errata/target-outside-root', message: `target ${written} leaves the repository root` };
  }
  let rel = normal;
  if (ABBREVIATED.test(rel)) {
    const prefix = path.posix.basename(rel).replace(ABBREVIATED, '');
    const dir = path.posix.dirname(rel);
    const names = listDir(source, dir).filter((n) => n.startsWith(prefix));
    if (names.length === 0) return { ok: false, ruleId: 'errata/target-missing', message: `no file in ${dir}/ starts with ${prefix} (target ${written})` };
    if (names.length > 1) {
      return { ok: false, ruleId: 'errata/target-ambiguous', message: `target ${written} is abbreviated and matches ${names.length} files: ${names.map((n) => `${dir}/${n}`).join(', ')}` };
    }
    rel = dir === '.' ? names[0]! : `${dir}/${names[0]}`;
  }
  if (!source.exists(rel)) return { ok: false, ruleId: 'errata/target-missing', message: `target file ${rel} does not exist in the ${source.label}` };
  if (source.label !== 'working tree') return { ok: true, file: rel };
  const rootReal = realpathSync(source.root);
  const real = realpathSync(path.join(source.root, rel));
  const back = path.relative(rootReal, real);
  if (back.startsWith('..') || path.isAbsolute(back)) {
    return { ok: false, ruleId: 'errata/target-outside-root', message: `target ${rel} resolves through a symlink to ${real}, outside the repository root` };
  }
  return { ok: true, file: rel, real };
}

function listDir(source: FileSource, dir: string): string[] {
  try {
    return readdirSync(path.join(source.root, dir)).sort();
  } catch {
    return [];
  }
}
