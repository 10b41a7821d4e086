import { statSync } from 'node:fs';
import path from 'node:path';
import type { CacheStore } from '../cache/cache.js';
import { sha256 } from '../cache/cache.js';
import type { FindingDraft } from './collector.js';
import type { Corpus } from '../parse/corpus.js';
import type { ConfiguredSeverity, FamilySummary } from '../model/findings.js';
import { packageRoot } from '../base/package-root.js';
import type { Family } from './rule.js';
import { defineRule } from './rule.js';

/**
 * Each family's findings, kept in the cache folder (`families/`, through the one cache entry layer,
 * `core/cache/cache.ts`) and keyed by what shapes them apart from the tree — specgate's build, the
 * family and its rules, the severities, the layout, the options, Node's version — and replayed
 * only when every question the family put to the corpus gets the same answer now: the SHA-256 of
 * every file it read (its tracked files, derived values' included), whether each path it asked
 * about exists, what each glob listed. A family that met a read or parse problem, spent from the
 * "did you mean" budget, or ran after such a problem is never kept (its findings depend on the run
 * around it). Issue 32 §3: a commit or an edit re-runs only the families that read what changed.
 */

const KIND = 'families';

/** Families replayed and kept since the process started: the work tests count (never time). */
export const familyCacheWork = { replayed: 0, kept: 0 };
const VERSION = 1;

/** What a family's run left, before the engine settles severities and guards. */
export interface FamilyRun {
  own: FindingDraft[];
  vacuous: FindingDraft[];
  visited: number;
  /** The files its rules read (what the run reports and the baseline scopes by). */
  touched: ReadonlySet<string>;
  extras?: FamilySummary['extras'];
}

interface Entry {
  v: number;
  /** Every file the family read, its summary's figures included, with its SHA-256. */
  files: [rel: string, hash: string][];
  /** The files its rules read. */
  touched: string[];
  asked: [question: string, answer: string][];
  own: FindingDraft[];
  vacuous: FindingDraft[];
  visited: number;
  extras?: FamilySummary['extras'];
}

let build: string | undefined;

/** specgate's build, told apart as cheaply as the result cache tells it: package.json, and the identity of the compiler's build info (rewritten by every build). */
function buildId(): string {
  if (build !== undefined) return build;
  const root = packageRoot();
  const id = (file: string) => {
    try {
      const st = statSync(file, { bigint: true });
      return `${st.ino} ${st.size} ${st.mtimeNs}`;
    } catch {
      return 'absent';
    }
  };
  return (build = sha256([id(path.join(root, 'package.json')), id(path.join(root, 'dist', '.tsbuildinfo')), id(path.join(root, 'dist', 'scripts', 'core', 'engine', 'engine.js'))].join('\0')));
}

export function familyKey(family: Family, corpus: Corpus, options: Readonly<Record<string, unknown>>, severities: Readonly<Record<string, ConfiguredSeverity>>): string {
  const rules = family.rules.map((r) => defineRule(r).id);
  return sha256(JSON.stringify({ v: VERSION, build: buildId(), node: process.version, root: corpus.root, family: family.name, rules, severities, layout: corpus.layout, options }));
}

/** The kept run of the family, when every answer it rested on holds now; undefined otherwise. The files it read are read (and tracked) here. */
export async function replayFamily(store: CacheStore, key: string, corpus: Corpus): Promise<FamilyRun | undefined> {
  const body = store.get(KIND, key);
  if (body === undefined) return undefined;
  let entry: Entry;
  try {
    entry = JSON.parse(body) as Entry;
  } catch {
    return undefined;
  }
  if (entry.v !== VERSION || !Array.isArray(entry.files) || !Array.isArray(entry.touched) || !Array.isArray(entry.asked) || !Array.isArray(entry.own) || !Array.isArray(entry.vacuous)) return undefined;
  // The other answers first (no read), then each file by its hash (read without a finding).
  for (const [question, answer] of entry.asked) {
    if (typeof question !== 'string' || typeof answer !== 'string') return undefined;
    const at = question.indexOf('\0');
    const [kind, arg] = [question.slice(0, at), question.slice(at + 1)];
    if (kind === 'exists') {
      if (String(corpus.exists(arg)) !== answer) return undefined;
    } else if (kind === 'glob') {
      let patterns: unknown;
      try {
        patterns = JSON.parse(arg);
      } catch {
        return undefined;
      }
      if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string') || JSON.stringify(await corpus.glob(patterns)) !== answer) return undefined;
    } else return undefined;
  }
  for (const [rel, hash] of entry.files) if (typeof rel !== 'string' || corpus.contentHash(rel) !== hash) return undefined;
  for (const rel of entry.touched) corpus.touch(rel);
  familyCacheWork.replayed++;
  return { own: entry.own, vacuous: entry.vacuous, visited: entry.visited, touched: new Set(entry.touched), ...(entry.extras ? { extras: entry.extras } : {}) };
}

/** Keeps the family's run, with the hash of every file it read and every other answer it got. */
export function keepFamily(store: CacheStore, key: string, corpus: Corpus, run: FamilyRun, read: ReadonlySet<string>, asked: ReadonlyMap<string, string>): void {
  const files: [string, string][] = [];
  for (const rel of [...read].sort()) {
    const hash = corpus.contentHash(rel);
    if (hash === undefined) return; // a file it could not read as text: never kept
    files.push([rel, hash]);
  }
  const entry: Entry = { v: VERSION, files, touched: [...run.touched], asked: [...asked].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), own: run.own, vacuous: run.vacuous, visited: run.visited, ...(run.extras ? { extras: run.extras } : {}) };
  store.set(KIND, key, JSON.stringify(entry));
  familyCacheWork.kept++;
}
