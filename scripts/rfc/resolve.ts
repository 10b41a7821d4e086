import type { Range } from '../core/model/position.js';
import type { Section, SectionIndex } from './document.js';
import { DEFAULT_TITLES, questionsSection } from './document.js';
import { designator } from './sections.js';
import { didYouMean } from '../core/base/did-you-mean.js';

/**
 * The one place a selector is resolved: a citation's section (`RFC 0211 §D.7`, invariants), an
 * erratum's target (`spec/v1/a2a-integration.md §B`, `RFC 0152 UQ4`, errata). `§D`, `D.7`, `C`,
 * `A14`, `4` name a section by designator; `UQ4` is item 4 of the numbered list under
 * "Unresolved questions" (the title the index was read with); anything else names a heading or label by its text (`Security`,
 * `"Wire examples"`), which must open the title and not be the prefix of a longer word.
 */

export interface Located {
  kind: 'heading' | 'label' | 'list-item';
  /** How messages name it: `heading "§B — Version negotiation"`, `UQ4 (item 4 of "Unresolved questions")`. */
  name: string;
  /** The heading, the label, or the list item. */
  range: Range;
  /** Offsets of what was selected: the whole section, or the whole item. */
  start: number;
  end: number;
  /** Offset where the selected content starts (after a list item's marker). */
  contentStart: number;
  section?: Section;
}

export type Resolution = { ok: true; found: Located } | { ok: false; ambiguous: boolean; reason: string; candidates: Located[] };

const DESIGNATOR = /^(?:[A-Z][A-Za-z]?\d+|[A-Z](?:\.\d+)*|\d+(?:\.\d+)*)$/;
/** `UQ4`, and as upstream's prose writes it, `§Unresolved-4`, `§Unresolved 4`: item 4 of the open questions. */
const LIST_ITEM = /^(?:UQ|Unresolved[- ]?)(\d+)$/i;

export function resolve(index: SectionIndex, selector: string): Resolution {
  const sel = selector.trim();
  const key = sel.replace(/^§\s*/, '').replace(/^"(.*)"$/, '$1').trim();
  if (!key) return miss(`no section named (the selector "${sel}" is empty)`);
  const item = LIST_ITEM.exec(key);
  if (item) return resolveItem(index, sel, Number(item[1]));

  // `§F-1` is another way to write `§F.1`.
  const id = key.replace(/\.$/, '').replace(/^([A-Z][A-Za-z]?\d*)-(\d+)$/, '$1.$2');
  const byId = DESIGNATOR.test(id);
  const found = index.sections.filter((s) => (byId ? s.id === id : namedBy(s.title, key))).map(located);
  if (found.length === 1) return { ok: true, found: found[0]! };
  if (found.length === 0 && byId) {
    const item = listItemOf(index, sel, id);
    if (item) return item;
  }
  if (found.length === 0) return miss(`no heading or bold label "${sel}"`);
  return {
    ok: false,
    ambiguous: true,
    reason: `"${sel}" names ${found.length} sections: ${found.map((s) => `${s.name} (line ${s.range.line})`).join(', ')}`,
    candidates: found,
  };
}

/** Whether a selector resolves to at least one place (a citation needs no more than that). */
export function exists(index: SectionIndex, selector: string): boolean {
  const r = resolve(index, selector);
  if (r.ok || r.ambiguous) return true;
  const key = selector.trim().replace(/^§\s*/, '');
  const quoted = /^"(.*)"$/.exec(key);
  const name = quoted ? quoted[1]! : key;
  // A range `§D.4-5` cites D.4 through D.5: both ends must be there.
  const range = /^(.*\.)(\d+)-(\d+)$/.exec(key);
  if (!quoted && range) return exists(index, `${range[1]}${range[2]}`) && exists(index, `${range[1]}${range[3]}`);
  // `§Implementation-notes`: a name written with hyphens for spaces.
  if (!quoted && /^[A-Za-z][A-Za-z-]*-[A-Za-z]/.test(key) && resolvesByName(index, key.replace(/-/g, ' '))) return true;
  if ((index.labelNames ?? []).some((t) => namedBy(t, name))) return true;
  const tail = `${name.replace(/\s+/g, ' ').toLowerCase()}:`;
  return quoted !== null && (index.leadIns ?? []).some((t) => t.replace(/\s+/g, ' ').toLowerCase().endsWith(tail));
}

function resolvesByName(index: SectionIndex, name: string): boolean {
  return index.sections.some((s) => namedBy(s.title, name)) || (index.labelNames ?? []).some((t) => namedBy(t, name));
}

/**
 * What `exists` would accept nearest to a selector that it does not: the designators and titles of
 * the target's sections, for a "did you mean".
 */
export function sectionNames(index: SectionIndex): { ids: string[]; titles: string[] } {
  const ids = [...new Set(index.sections.flatMap((s) => (s.id ? [`§${s.id}`] : [])))];
  const titles = [...new Set(index.sections.map((s) => withoutDesignator(s.title)))];
  return { ids, titles };
}

function miss(reason: string): Resolution {
  return { ok: false, ambiguous: false, reason, candidates: [] };
}

function located(s: Section): Located {
  return { kind: s.kind, name: `${s.kind} "${s.title}"`, range: s.range, start: s.start, end: s.end, contentStart: s.start, section: s };
}

/** The name opens the title (case-insensitive, `§`, a designator and a quote ignored) and is not the prefix of a longer name. */
export function namedBy(title: string, name: string): boolean {
  const want = name.replace(/\s+/g, ' ').trim().toLowerCase();
  if (!want) return false;
  // Also without the designator: `§"Promotion to Accepted"` names `### §C — Promotion to Accepted`.
  return titleForms(title).some((x) => x.startsWith(want) && !/^(?:[\p{L}\p{N}]|\.\d|-[\p{L}\p{N}])/u.test(x.slice(want.length)));
}

/**
 * Titles a run compares, each normalised once: the rules ask of every heading of every RFC
 * whether it names each required section (60 RFCs × 50 headings × 10 titles), and the designator
 * parse behind `withoutDesignator` was a tenth of a full check's CPU. Bounded: past the cap the
 * memo starts again (a run over 10,000 RFCs has more titles than that).
 */
const MAX_MEMO_TITLES = 50_000;
const forms = new Map<string, readonly [string, string]>();
const plain = new Map<string, string>();

function titleForms(title: string): readonly [string, string] {
  let f = forms.get(title);
  if (f === undefined) {
    if (forms.size >= MAX_MEMO_TITLES) forms.clear();
    f = [title.replace(/\s+/g, ' ').trim().replace(/^§\s*/, '').replace(/^"/, '').toLowerCase(), withoutDesignator(title).toLowerCase()];
    forms.set(title, f);
  }
  return f;
}

/** A heading's or label's text without its designator and the dash or colon after it (`§C — Promotion` → `Promotion`). */
export function withoutDesignator(title: string): string {
  let p = plain.get(title);
  if (p === undefined) {
    if (plain.size >= MAX_MEMO_TITLES) plain.clear();
    p = stripDesignator(title);
    plain.set(title, p);
  }
  return p;
}

function stripDesignator(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  const id = designator(t, 'heading') ?? designator(t, 'label');
  if (!id) return t.replace(/^"/, '');
  const i = t.indexOf(id);
  return t.slice(i + id.length).replace(/^[.:)]?\s*(?:[—–-]\s*)?/, '').replace(/^"/, '').trim() || t;
}

/** `C.1` when no section is `C.1`: item 1 of the numbered list under the section `C`. */
function listItemOf(index: SectionIndex, sel: string, id: string): Resolution | undefined {
  const m = /^(.+)\.(\d+)$/.exec(id);
  if (!m) return undefined;
  const parents = index.sections.filter((s) => s.id === m[1]);
  const n = Number(m[2]);
  const hits = parents.flatMap((p) => (p.items ?? []).filter((i) => i.number === n).map((item) => ({ p, item })));
  if (hits.length !== 1) return undefined;
  const { p, item } = hits[0]!;
  return { ok: true, found: { kind: 'list-item', name: `${sel} (item ${n} of the list under ${p.kind} "${p.title}")`, range: item.range, start: item.start, end: item.end, contentStart: item.contentStart, section: p } };
}

function resolveItem(index: SectionIndex, sel: string, n: number): Resolution {
  const title = index.unresolvedQuestionsTitle ?? DEFAULT_TITLES.unresolvedQuestions;
  const heading = questionsSection(index, title);
  if (!heading) return miss(`${sel} is item ${n} of "${title}", but there is no "${title}" heading`);
  const items = index.unresolvedQuestions;
  if (items.length === 0) return miss(`${sel}: the "${title}" section (line ${heading.range.line}) has no numbered list`);
  const item = items.find((i) => i.number === n);
  if (!item) {
    const numbers = items.map((i) => i.number);
    return miss(`${sel}: the "${title}" list (line ${items[0]!.range.line}) runs ${Math.min(...numbers)}–${Math.max(...numbers)}; there is no item ${n}`);
  }
  return { ok: true, found: { kind: 'list-item', name: `${sel} (item ${n} of "${title}")`, range: item.range, start: item.start, end: item.end, contentStart: item.contentStart } };
}

/** A "did you mean" from the target's section index, else the sections it has. */
export function sectionHint(target: SectionIndex, section: string): string {
  const { ids, titles } = sectionNames(target);
  const quoted = /^"(.*)"$/.exec(section);
  if (quoted) {
    const near = didYouMean(quoted[1]!, titles);
    if (near) return `; did you mean §"${near}"?`;
  } else {
    // `§A.6` where §A runs §A.1–§A.5: the labels that are there say more than the nearest spelling.
    const parent = /^(.+)\.\d+$/.exec(section)?.[1];
    const siblings = parent ? ids.filter((id) => new RegExp(`^§${parent.replace(/\./g, '\\.')}\\.\\d+$`).test(id)) : [];
    if (siblings.length) return ` (§${parent} has ${siblings.length > 12 ? `${siblings.slice(0, 12).join(', ')}, …` : siblings.join(', ')})`;
    // Same kind of designator (a letter for a letter, a number for a number), and none for a one-character id: `§Z` is not a typo of `§A`.
    const sameKind = ids.filter((id) => /\d/.test(id[1]!) === /\d/.test(section[0]!));
    const near = (section.length > 1 ? didYouMean(`§${section}`, sameKind.sort((a, b) => Math.abs(a.length - section.length - 1) - Math.abs(b.length - section.length - 1))) : undefined) ?? didYouMean(section.replace(/-/g, ' '), titles);
    if (near) return near.startsWith('§') ? `; did you mean ${near}?` : `; did you mean §"${near}"?`;
  }
  const top = target.sections.filter((s) => s.id && s.kind === 'heading').map((s) => `§${s.id}`);
  const listed = [...new Set(top.length ? top : ids)];
  if (listed.length === 0) return '';
  return ` (it has ${listed.length > 16 ? `${listed.slice(0, 16).join(', ')}, …` : listed.join(', ')})`;
}
