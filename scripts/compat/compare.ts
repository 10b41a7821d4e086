import { formatMessage } from '../core/engine/rule.js';
import { FsSource } from '../core/io/source.js';
import { Corpus } from '../core/parse/corpus.js';
import type { CorpusReader } from '../core/parse/corpus.js';
import { FatalError } from '../core/base/errors.js';
import type { FindingDraft } from '../core/engine/collector.js';
import { runFamilies } from '../core/engine/engine.js';
import type { Family, FamilyContext } from '../core/engine/rule.js';
import type { ConfiguredSeverity, Finding } from '../core/model/findings.js';
import { pushAll } from '../core/model/findings.js';
import type { Layout } from '../core/preset/layout.js';
import type { FileSource } from '../core/io/source.js';
import type { StructuredDoc } from '../core/model/tree.js';
import { diffData } from './data-diff.js';
import { GitTreeSource, gitRenames, openBase } from './git-base.js';
import { isObject } from '../core/base/json-object.js';
import type { FilePair } from './pairing.js';
import { pairFiles } from './pairing.js';
import type { SchemaSide } from './refs.js';
import { externalRefs, targetFile } from './refs.js';
import { checkClaims } from './claims.js';
import type { ClaimResult } from './claims.js';
import { diffSchema } from './schema-diff.js';
import { diffOpenApi } from './openapi-diff.js';
import type { Change, RawChange } from './types.js';
import { RULE_INFOS, RULES, ruleFor } from './rules.js';

export interface CompatOptions {
  root: string;
  layout: Layout;
  ref: string;
  staged: boolean;
  /** The head side as the command opened it (run-env openRoot); else the working tree, or the index with `staged`. */
  head?: FileSource;
  severities?: Record<string, ConfiguredSeverity>;
}

export interface CompatResult {
  ref: string;
  commit: string;
  head: string;
  changes: Change[];
  findings: Finding[];
  claims: ClaimResult[];
  /** RFC files added or changed in the compared range. */
  rfcsInRange: string[];
  schemaFiles: number;
  dataFiles: number;
  openapiFiles: number;
  headCorpus: Corpus;
}

/** The two sides `specgate compat` compares: a git base, and the working tree or the index. */
export async function baseSides(opts: CompatOptions): Promise<{ sides: CompareSides; commit: string }> {
  const { repo, commit } = openBase(opts.root, opts.ref);
  const base = new GitTreeSource(repo, opts.root, commit, opts.ref);
  const head = opts.head ?? (await openHead(opts.root, opts.staged));
  return { sides: { layout: opts.layout, ref: opts.ref, base, head, renames: () => gitRenames(repo, commit, opts.staged), ...(opts.severities ? { severities: opts.severities } : {}) }, commit };
}

/** Compares the schemas (and the data files they govern) of a git base with the working tree or the index. */
export async function compareWithBase(opts: CompatOptions): Promise<CompatResult> {
  const { sides, commit } = await baseSides(opts);
  const result = await compareSources(sides);
  return { ...result, commit };
}

/** Two versions of a repository's files, however they are read (a git tree, the working tree, files held in memory). */
export interface CompareSides {
  layout: Layout;
  /** How the base is named in messages (`since main`). */
  ref: string;
  base: FileSource & { prefetch?(files: readonly string[]): void };
  head: FileSource;
  /** The base's files renamed at the head (git's rename detection), asked only when a base file is missing at the head. */
  renames(): Map<string, string>;
  severities?: Record<string, ConfiguredSeverity>;
}

/** Compares the schemas, the data files they govern and the OpenAPI documents of two sides: every change classified, and its finding (the compat family alone, through the engine). */
export async function compareSources(opts: CompareSides): Promise<Omit<CompatResult, 'commit'>> {
  const family = compatFamily(opts);
  const head = new Corpus(opts.head, opts.layout);
  const { findings } = await runFamilies({ corpus: head, families: [family], severities: opts.severities ?? {} });
  return { ...family.result!, findings };
}

/** What a plugin's rules in a compat-like family are given (`ctx.given`); the head is their `ctx.corpus`. */
export interface CompatGiven {
  /** How the base is named in messages (`main`). */
  ref: string;
  /** The base side's files, read as the head's are (json, yaml, text, markdown). */
  base: CorpusReader;
  /** Every change classified, sorted by file and position. */
  changes: readonly Change[];
}

/**
 * The compat family of one run: the two sides (`given`), the compat rules its judge reports
 * against, and the judge: every change of the schemas, the data files they govern and the OpenAPI
 * documents, classified, each a finding of its kind's rule. The head is the corpus the engine
 * runs it over; its result (changes, claims, counts) is kept for the change table.
 */
export function compatFamily(opts: CompareSides): Family & { result?: Omit<CompatResult, 'findings' | 'commit'> } {
  const family: Family & { result?: Omit<CompatResult, 'findings' | 'commit'> } = {
    name: 'compat',
    description: 'every change since a base, classified editorial, additive or breaking',
    rules: [],
    judged: RULE_INFOS,
    given: opts,
    primaryFile: () => opts.layout.interopMap,
    // A breaking change an RFC of the range declares is recorded, not failed: a notice (unless configured off).
    settle: (f) => (f.messageId === 'declared' ? { ...f, severity: 'notice' as const } : f),
    async run(ctx) {
      const judged = await judgeSides(opts, ctx.corpus, ctx);
      family.result = judged.result;
      ctx.visit(judged.result.changes.length);
      return { given: { ref: opts.ref, base: judged.base, changes: judged.result.changes } satisfies CompatGiven };
    },
  };
  return family;
}

async function judgeSides(opts: CompareSides, head: Corpus, sink: Pick<FamilyContext, 'add' | 'report'>): Promise<{ result: Omit<CompatResult, 'findings' | 'commit'>; base: Corpus }> {
  const { base: baseSource, head: headSource } = opts;
  const base = new Corpus(baseSource, opts.layout);

  const globs = globsOf(opts.layout);
  const both = (g: string[]) => Promise.all([baseSource.glob(g), headSource.glob(g)]);
  const [[baseSchemas, headSchemas], [baseJson, headJson], [baseRfcs, headRfcs], [baseApis, headApis]] = await Promise.all([
    both(globs.schemas),
    both(globs.data),
    both(globs.rfcs),
    both(globs.openapi),
  ]);
  baseSource.prefetch?.([...baseSchemas, ...baseJson, ...baseRfcs, ...baseApis]);

  // git's rename detection is asked only when a base file is missing at the head.
  let renames: Map<string, string> | undefined;
  const renamesOf = () => (renames ??= opts.renames());
  const pairing = (b: string[], h: string[]) => {
    const headSet = new Set(h);
    const needRenames = b.some((f) => !headSet.has(f));
    return pairFiles({ baseFiles: b, headFiles: h, renames: needRenames ? renamesOf() : new Map(), baseText: (f) => base.text(f), headText: (f) => head.text(f) });
  };

  if (baseSchemas.length === 0 && headSchemas.length === 0 && baseApis.length === 0 && headApis.length === 0) {
    throw new FatalError(
      `no JSON Schema matches layout.schemaGlobs (${globs.schemas.join(', ')}) and no OpenAPI document matches ${globs.openapi.join(', ')} at ${opts.ref} or in the ${headSource.label}; nothing to compare`,
    );
  }
  const baseSide = side(base, baseSchemas);
  const headSide = side(head, headSchemas);
  const baseData = baseJson.filter((f) => governedBy(base, f, baseSide, new Set(baseSchemas), opts.layout));
  const headData = headJson.filter((f) => governedBy(head, f, headSide, new Set(headSchemas), opts.layout));

  const changes: Change[] = [];
  const drafts: FindingDraft[] = [];
  const compared = new Set([...headSchemas, ...headApis]);

  const headOf = new Map<string, string>();
  const subjects: Array<[Change['subject'], string[], string[], Differ]> = [
    ['schema', baseSchemas, headSchemas, (b, h, bv, hv) => diffSchema(b, h, bv, hv, { base: baseSide, head: headSide, compared })],
    ['data', baseData, headData, (_b, _h, bv, hv) => diffData(bv, hv)],
    ['openapi', baseApis, headApis, (b, h, bv, hv) => diffOpenApi(bv, hv, { file: h, baseFile: b, base: withDoc(baseSide, b, bv), head: withDoc(headSide, h, hv), compared })],
  ];
  for (const [subject, baseFiles, headFiles, differ] of subjects) {
    for (const pair of pairing(baseFiles, headFiles)) {
      if (pair.base && pair.head) headOf.set(pair.base, pair.head);
      pushAll(changes, compareFile(pair, subject, base, head, differ));
    }
  }
  changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));

  const rfcsInRange = pairing(baseRfcs, headRfcs)
    .filter((p) => p.head !== undefined && (p.base === undefined || base.text(p.base) !== head.text(p.head)))
    .map((p) => p.head!);
  const dependsOn = (file: string) => {
    const doc = head.exists(file) && head.json(file);
    return doc ? [...externalRefs(doc.value, file, headSide)].filter((f) => compared.has(f)) : [];
  };
  const files = [...new Set([...headSchemas, ...headData, ...headApis, ...baseSchemas, ...baseData, ...baseApis])];
  const claims = await checkClaims({ corpus: head, rfcs: rfcsInRange, changes, files, ref: opts.ref, dependsOn });
  // Every message names the section under the preset's process (engine.ts applySeverities, rule.ts rfcFor).
  for (const c of claims) pushAll(drafts, c.findings);
  pushAll(pushAll(drafts, head.problems), base.problems.map((p) => baseProblem(p, headOf.get(p.file) ?? p.file, opts.ref)));
  sink.add(drafts);
  for (const c of changes) reportChange(sink, c, opts.ref);
  const result = {
    ref: opts.ref,
    head: headSource.label,
    changes,
    claims,
    rfcsInRange,
    schemaFiles: new Set([...baseSchemas, ...headSchemas]).size,
    dataFiles: new Set([...baseData, ...headData]).size,
    openapiFiles: new Set([...baseApis, ...headApis]).size,
    headCorpus: head,
  };
  return { result, base };
}

/** What each side is globbed for: the schemas, the JSON data files beside them, the RFCs, the OpenAPI documents. */
function globsOf(layout: Layout): { schemas: string[]; data: string[]; rfcs: string[]; openapi: string[] } {
  const schemas = layout.schemaGlobs;
  return {
    schemas,
    data: [...schemas.filter((g) => g.endsWith('.schema.json')).map((g) => g.replace(/\.schema\.json$/, '.json')), ...schemas.map((g) => `!${g}`)],
    rfcs: [`${layout.rfcsDir.replace(/\/$/, '')}/*.md`],
    openapi: [...new Set([layout.openapi, 'spec/**/openapi.{yaml,yml}'])],
  };
}

async function openHead(root: string, staged: boolean): Promise<FileSource> {
  if (!staged) return new FsSource(root);
  // ls-files below the top level lists that subtree, relative to it: no prefix to strip.
  const { GitIndexSource } = await import('../core/io/git-source.js');
  return GitIndexSource.open(root);
}

/** One side's schemas, for following `$ref`: any JSON file of the corpus, and the schemas by `$id`. */
function side(corpus: Corpus, schemas: readonly string[]): SchemaSide {
  let ids: Map<string, string> | undefined;
  const value = (file: string) => (/\.json$/.test(file) && corpus.exists(file) ? corpus.json(file)?.value : undefined);
  return {
    value,
    fileById(id) {
      if (!ids) {
        ids = new Map();
        for (const f of schemas) {
          const v = value(f);
          if (isObject(v) && typeof v.$id === 'string') ids.set(v.$id.replace(/#$/, ''), f);
        }
      }
      return ids.get(id.replace(/#$/, ''));
    },
  };
}

/** A side that also holds the OpenAPI document (a YAML file), so `$ref`s within it resolve. */
function withDoc(s: SchemaSide, file: string, value: unknown): SchemaSide {
  return { value: (f) => (f === file ? value : s.value(f)), fileById: (id) => s.fileById(id) };
}

/**
 * A JSON data file whose top-level `$schema` names one of the compared schemas (or the layout's
 * interop map). A JSON file that never mentions `$schema` is not parsed (nor reported) here.
 */
function governedBy(corpus: Corpus, file: string, s: SchemaSide, schemas: Set<string>, layout: Layout): boolean {
  if (file === layout.interopMap && schemas.has(layout.interopMapSchema)) return true;
  const text = corpus.text(file);
  if (text === undefined || !text.includes('"$schema"')) return false;
  const v = corpus.json(file)?.value;
  if (!isObject(v) || typeof v.$schema !== 'string') return false;
  const target = targetFile(v.$schema.split('#')[0]!, file, s);
  return target !== undefined && schemas.has(target);
}

type Differ = (baseFile: string, headFile: string, baseValue: unknown, headValue: unknown) => RawChange[];

const FILE_KINDS: Record<Change['subject'], { what: string; removed: string; added: string; gone: string }> = {
  schema: { what: 'schema', removed: 'schema-file-removed', added: 'schema-file-added', gone: 'schema removed' },
  data: { what: 'data file', removed: 'data-file-removed', added: 'data-file-added', gone: 'data file removed (every row with it)' },
  openapi: { what: 'OpenAPI document', removed: 'openapi-document-removed', added: 'openapi-document-added', gone: 'OpenAPI document removed (every operation with it)' },
};

function compareFile(pair: FilePair, subject: Change['subject'], base: Corpus, head: Corpus, differ: Differ): Change[] {
  const { what, removed, added, gone } = FILE_KINDS[subject];
  if (pair.head === undefined) {
    return [{ file: pair.base!, subject, pointer: '', class: 'breaking', kind: removed, reason: gone, line: 1, column: 1, endLine: 1, endColumn: 1 }];
  }
  const headDoc = head.data(pair.head);
  if (!headDoc) return [];
  const at = (raw: RawChange): Change => {
    const loc = headDoc.locate(raw.pointer, 'key');
    return {
      file: pair.head!,
      ...(pair.base !== undefined && pair.base !== pair.head ? { baseFile: pair.base } : {}),
      subject,
      ...raw,
      line: loc.line,
      column: loc.column,
      endLine: loc.endLine,
      endColumn: loc.endColumn,
    };
  };
  if (pair.base === undefined) return [at({ pointer: '', class: 'additive', kind: added, reason: `new ${what}` })];
  const baseDoc = base.data(pair.base);
  if (!baseDoc) return []; // reported from the base corpus's problems
  const out: Change[] = [];
  if (pair.base !== pair.head) out.push(at(renameChange(pair.base, baseDoc, headDoc, what)));
  pushAll(out, differ(pair.base, pair.head, baseDoc.value, headDoc.value).map(at));
  return out;
}

function renameChange(from: string, baseDoc: StructuredDoc, headDoc: StructuredDoc, what: string): RawChange {
  const id = (d: StructuredDoc) => (isObject(d.value) && typeof d.value.$id === 'string' ? d.value.$id : undefined);
  const keepsId = id(baseDoc) !== undefined && id(baseDoc) === id(headDoc);
  return {
    pointer: '',
    class: keepsId ? 'editorial' : 'breaking',
    kind: keepsId ? 'file-moved' : 'file-renamed',
    reason: keepsId ? `${what} moved from ${from}; its $id is unchanged` : `${what} moved from ${from}; references by path break`,
  };
}

/** A base file that cannot be read: its changes go unclassified, which the run says at the head file. */
function baseProblem(p: Finding, headFile: string, ref: string): FindingDraft {
  const where = `${p.file}:${p.line}:${p.column} at ${ref}`;
  return {
    ruleId: RULES.baseUnreadable.id,
    file: headFile,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    messageId: 'unreadable',
    message: formatMessage(RULES.baseUnreadable, 'unreadable', { where, problem: p.message }),
  };
}

/**
 * Every classified change is a finding of its kind's rule, at the severity configuration gives it
 * (breaking kinds are errors by default; additive and editorial ones off). A breaking change an
 * RFC of the range declares is a notice instead, pointing at that RFC's Compatibility row; a rule
 * configured `off` stays silent either way.
 */
function reportChange(collector: Pick<FamilyContext, 'report'>, c: Change, ref: string): void {
  const d = c.declaredBy;
  const at = { file: c.file, range: c, pointer: c.pointer };
  if (d) {
    collector.report(ruleFor(c), {
      at,
      messageId: 'declared',
      data: { ref, reason: c.reason, number: d.number, rfc: d.rfc, line: d.line },
      related: [{ file: d.rfc, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, message: `RFC ${d.number} declares Compatibility: breaking` }],
    });
  } else if (c.class === 'breaking') collector.report(ruleFor(c), { at, messageId: 'undeclared', data: { ref, reason: c.reason } });
  else collector.report(ruleFor(c), { at, messageId: 'changed', data: { class: c.class, ref, reason: c.reason } });
}
