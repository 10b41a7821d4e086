import type { Nodes } from 'mdast';
import type { RelatedLocation } from '../core/model/findings.js';
import type { MarkdownDoc } from '../core/parse/markdown.js';
import { parseMarkdown } from '../core/parse/markdown.js';
import { offset } from '../rfc/mdast.js';
import { closestWording } from './closest.js';
import type { Section } from './locate.js';
import { locateSection } from './locate.js';
import type { Folded, Rendered } from './rendered.js';
import { fold, foldSnippet, occurrences, render, renderSnippet, sourceSpan } from './rendered.js';
import type { ErrataRefusal } from './rules.js';
import { ERRATA } from './rules.js';
import type { Erratum, Splice } from './types.js';

export type Verdict =
  | { status: 'apply'; splice: Splice; section: Section; /** Target offsets of the text the edit touches, for the line-hint check. */ from: number; to: number }
  | { status: 'already-applied'; section: Section; from: number; to: number }
  | { status: 'refused'; rule: ErrataRefusal; message: string; related: RelatedLocation[] };

/** What an erratum would do to one target document, judged on its rendered text; `questions`: the title `UQ<n>` selects under. */
export function judge(erratum: Erratum, doc: MarkdownDoc, questions?: string): Verdict {
  const where = locateSection(doc.tree, doc.text, erratum.section, questions);
  if (!where.ok) {
    return {
      status: 'refused',
      rule: where.ambiguous ? ERRATA.sectionAmbiguous : ERRATA.sectionMissing,
      message: `${doc.file}: ${where.message}`,
      related: where.places.map((p) => related(doc, p.start, p.start, p.title)),
    };
  }
  const section = where.section;
  const { rendered, folded } = renderedSection(doc, section.nodes);
  const newText = snippet(erratum.new);
  const newAt = occurrences(folded.text, newText);
  if (erratum.op === 'append') {
    // The whole item or section is where an appended paragraph lives (and what a line hint may name).
    if (newAt.length > 0) return { status: 'already-applied', section, from: section.start, to: section.end };
    return {
      status: 'apply',
      section,
      splice: { start: section.appendAt, end: section.appendAt, text: appendedParagraph(doc.text, section, erratum.new) },
      from: section.start,
      to: section.end,
    };
  }

  const oldText = snippet(erratum.old!);
  // An old text inside an occurrence of the new one (replace "a" with "a b") is not left over.
  const stray = occurrences(folded.text, oldText).filter((o) => !newAt.some((n) => o >= n && o + oldText.length <= n + newText.length));
  if (stray.length > 1) {
    const places = stray.map((o) => span(rendered, folded, o, oldText.length));
    return {
      status: 'refused',
      rule: ERRATA.textAmbiguous,
      message: `${doc.file} ${section.title}: the old text occurs ${stray.length} times, at ${places.map((p) => placeName(doc, p.from)).join(', ')}; quote more of it so it names one place`,
      related: places.map((p, i) => related(doc, p.from, p.to, `occurrence ${i + 1} of the old text`)),
    };
  }
  if (stray.length === 1) {
    const o = stray[0]!;
    const target = sourceSpan(rendered, folded.index[o]!, folded.index[o + oldText.length - 1]! + 1);
    if ('cut' in target) {
      const at = span(rendered, folded, o, oldText.length);
      return {
        status: 'refused',
        rule: ERRATA.markupCut,
        message: `${doc.file} ${section.title}: the old text at ${placeName(doc, at.from)} starts or ends inside ${target.cut.type} markup; quote the whole ${target.cut.type} span`,
        related: [related(doc, target.cut.start, target.cut.end, `the ${target.cut.type} span`)],
      };
    }
    return { status: 'apply', section, splice: { start: target.start, end: target.end, text: inline(erratum.new) }, from: target.start, to: target.end };
  }
  if (newAt.length > 0) return { status: 'already-applied', section, ...span(rendered, folded, newAt[0]!, newText.length) };
  return drift(doc, section, rendered, folded, oldText);
}

function drift(doc: MarkdownDoc, section: Section, rendered: Rendered, folded: Folded, oldText: string): Verdict {
  const best = closestWording(folded.text, oldText);
  const elsewhere = occurrences(renderedSection(doc, doc.tree.children).folded.text, oldText).length;
  const rel: RelatedLocation[] = [];
  let closest = '';
  if (best) {
    const at = span(rendered, folded, best.from, best.to - best.from);
    closest = `; the closest wording in the section is "${folded.text.slice(best.from, best.to)}" at ${placeName(doc, at.from)}`;
    rel.push(related(doc, at.from, at.to, 'closest wording'));
  }
  const note = elsewhere > 0 ? ` (the old text does occur elsewhere in ${doc.file}, outside ${section.title})` : '';
  return {
    status: 'refused',
    rule: ERRATA.textDrift,
    message: `${doc.file} ${section.title} (line ${doc.lines.at(section.start).line}): neither the old text "${oldText}" nor the new text is there${closest}${note}`,
    related: rel,
  };
}

/**
 * The rendered and folded text of a section's blocks, once per target tree and section: every
 * item of a run names a section of the same parsed target, and many name the same one (or the
 * whole document, which each drifting item searches too), so rendering per item cost items ×
 * target size.
 */
const renders = new WeakMap<object, Map<string, { rendered: Rendered; folded: Folded }>>();

function renderedSection(doc: MarkdownDoc, nodes: readonly Nodes[]): { rendered: Rendered; folded: Folded } {
  let byRange = renders.get(doc.tree);
  if (!byRange) renders.set(doc.tree, (byRange = new Map()));
  const key = nodes.length === 0 ? '' : `${nodes[0]!.type} ${offset(nodes[0]!, 'start')}-${offset(nodes[nodes.length - 1]!, 'end')} ${nodes.length}`;
  let hit = byRange.get(key);
  if (!hit) {
    const rendered = render(nodes, doc.text);
    byRange.set(key, (hit = { rendered, folded: fold(rendered.text) }));
  }
  return hit;
}

const snippets = new Map<string, string>();

/** The rendered, folded form of a quotation (markdown source). */
function snippet(markdown: string): string {
  let folded = snippets.get(markdown);
  if (folded === undefined) {
    folded = foldSnippet(renderSnippet(parseMarkdown('erratum', markdown).tree, markdown));
    if (snippets.size > 1000) snippets.clear();
    snippets.set(markdown, folded);
  }
  return folded;
}

/** A replacement stays inline: line breaks in the quotation become spaces. */
function inline(markdown: string): string {
  return markdown.replace(/[ \t]*(?:\r\n|\n|\r)[ \t]*/g, ' ').trim();
}

/** A new paragraph after the section's last block: a blank line, then the text at the section's indentation. */
function appendedParagraph(text: string, section: Section, markdown: string): string {
  const eol = lineEnding(text, section.appendAt);
  const blank = section.indent.replace(/[ \t]+$/, '');
  const body = markdown.trim().split(/[ \t]*(?:\r\n|\n|\r)[ \t]*/).join(eol + section.indent);
  return `${eol}${blank}${eol}${section.indent}${body}`;
}

/** The line ending of the line at `offset`, else the file's first, else LF. */
function lineEnding(text: string, offset: number): string {
  const here = /\r\n|\n|\r/.exec(text.slice(offset));
  const first = here ?? /\r\n|\n|\r/.exec(text);
  return first ? first[0] : '\n';
}

/** Source span of a folded match, taking in markup it covers whole (so `code` is reported from its backtick). */
function span(r: Rendered, f: Folded, o: number, len: number): { from: number; to: number } {
  const s = sourceSpan(r, f.index[o]!, f.index[o + len - 1]! + 1);
  if ('start' in s) return { from: s.start, to: s.end };
  return { from: r.at[f.index[o]!]!, to: r.at[f.index[o + len - 1]!]! + 1 };
}

function placeName(doc: MarkdownDoc, offset: number): string {
  const p = doc.lines.at(offset);
  return `line ${p.line}:${p.column}`;
}

function related(doc: MarkdownDoc, from: number, to: number, message: string): RelatedLocation {
  return { file: doc.file, ...doc.lines.range(from, Math.max(from, to)), message };
}
