import path from 'node:path';
import type { Nodes, ListItem, Paragraph } from 'mdast';
import { DEFAULT_TITLES, rfcStatus, sectionByTitle } from '../rfc/document.js';
import type { MarkdownDoc } from '../core/parse/markdown.js';
import { listItemsUnder, readHeader } from '../rfc/read.js';
import { indexSections } from '../rfc/sections.js';
import { render } from './rendered.js';
import type { Erratum, UnreadableItem } from './types.js';

export interface RfcErrata {
  rfc: string;
  file: string;
  /** The Status cell, e.g. "Accepted" (undefined when the RFC has none). */
  status?: string;
  /** False when the RFC has no `## Errata` section. */
  hasErrata: boolean;
  errata: Erratum[];
  unreadable: UnreadableItem[];
}

/** A heading line's title: `## Errata ##` → `Errata`. */
const HEADING_LINE = /^(#{1,6})[ \t]+(.*?)[ \t#]*\r?\n?$/;

/** Quick test before parsing: most RFCs have no errata. `title`: the process's `sections.errata`. */
export function mentionsErrata(text: string, title = DEFAULT_TITLES.errata): boolean {
  const want = title.toLowerCase();
  return text.split(/\r\n|\n|\r/).some((l) => l.startsWith('#') && HEADING_LINE.exec(l)?.[2]!.trim().toLowerCase() === want);
}

/**
 * Reads an RFC's status and its `## Errata` list items into edits from the RFC's one parsed
 * document (the corpus's), with the RFC reader's header table and section index (rfc/read.ts,
 * rfc/sections.ts): the section is found by its heading and its items are those the rfcs gates see.
 */
export function readRfcErrata(doc: MarkdownDoc, title = DEFAULT_TITLES.errata): RfcErrata {
  const rfc = /^(\d{4})-/.exec(path.posix.basename(doc.file))?.[1] ?? /^#\s*RFC\s+(\d{4})/m.exec(doc.text)?.[1] ?? '????';
  const result: RfcErrata = { rfc, file: doc.file, status: readStatus(doc), hasErrata: false, errata: [], unreadable: [] };
  const { sections } = indexSections(doc.tree);
  if (!sectionByTitle({ sections, unresolvedQuestions: [] }, title)) return result;
  result.hasErrata = true;
  listItemsUnder(doc, sections, title).forEach((item, i) => {
    const read = readItem(doc, item, rfc, i + 1);
    if ('reason' in read) result.unreadable.push(read);
    else result.errata.push(read);
  });
  return result;
}

/** The Status row's first word (RFC 0001 §B), else a `Status:` line. */
function readStatus(doc: MarkdownDoc): string | undefined {
  const status = rfcStatus({ header: readHeader(doc) });
  if (status) return /^[A-Za-z]+/.exec(status.value)?.[0];
  return /^\s*\**Status\**\s*:\s*`?([A-Za-z]+)/im.exec(doc.text)?.[1];
}

const OP_APPEND = /,?[ \t]*appended:[ \t]*/;
const OP_REPLACE = /[ \t]*(?:[—–]|--?)[ \t]*replace[ \t]+/;
const OPEN_QUOTE = /["\u201c]/;
const CLOSE_QUOTE = /["\u201d]/;

function readItem(doc: MarkdownDoc, item: ListItem, rfc: string, index: number): Erratum | UnreadableItem {
  const itemRange = firstLine(doc, item);
  const unreadable = (reason: string): UnreadableItem => ({ rfc, rfcFile: doc.file, index, item: itemRange, reason });
  const para = item.children[0];
  if (!para || para.type !== 'paragraph') return unreadable('the item does not open with a paragraph');
  if (item.children.length > 1) return unreadable('an erratum is one paragraph; this item has more blocks');
  const base = para.position!.start.offset!;
  const src = doc.text.slice(base, para.position!.end.offset!);
  // Code spans are masked so that quotes and keywords inside `code` are not read as syntax.
  const masked = maskCode(para, src, base);

  const append = OP_APPEND.exec(masked);
  const replace = OP_REPLACE.exec(masked);
  const op = pickOp(append, replace);
  if (!op) return unreadable('no operation: expected `, appended: "…"` or `— replace "…" with "…"`');
  const headEnd = op.match.index;
  const head = masked.slice(0, headEnd);
  const rest = op.match.index + op.match[0].length;

  let labelEnd = head.length;
  let hint: { path: string; line?: number; from: number; to: number } | undefined;
  const hintMatch = /\(([^()]*)\)\s*$/.exec(head);
  if (hintMatch) {
    labelEnd = hintMatch.index;
    const from = hintMatch.index + 1;
    const to = from + hintMatch[1]!.length;
    const raw = src.slice(from, to).trim().replace(/^`+|`+$/g, '').trim();
    const m = /^(.*?)(?::(\d+))?$/.exec(raw)!;
    hint = { path: m[1]!.trim(), line: m[2] ? Number(m[2]) : undefined, from, to };
  }
  const label = renderedBefore(para, doc.text, base + labelEnd);
  if (!label) return unreadable('no target before the operation (expected a bold target such as **RFC 0152 UQ4**)');
  const target = readLabel(label);

  const quoted = op.kind === 'append' ? readAppended(masked, src, rest) : readReplacement(masked, src, rest);
  if ('reason' in quoted) return unreadable(quoted.reason);

  let targetPath = target.path ?? hint?.path ?? '';
  if (target.path && hint?.path && hint.path !== target.path) {
    return unreadable(`the target names ${target.path} but the hint names ${hint.path}`);
  }
  if (!targetPath && target.rfc) targetPath = `RFCS/${target.rfc}-…`;
  if (!targetPath) return unreadable(`no target file: "${label}" names no path, and the hint gives none`);

  const erratum: Erratum = {
    rfc,
    rfcFile: doc.file,
    index,
    item: itemRange,
    label,
    targetPath,
    section: target.section,
    op: op.kind,
    new: quoted.new,
  };
  if ('old' in quoted) erratum.old = quoted.old;
  if (hint?.line !== undefined) {
    erratum.lineHint = hint.line;
    erratum.hintRange = doc.lines.range(base + hint.from, base + hint.to);
  }
  return erratum;
}

function pickOp(append: RegExpExecArray | null, replace: RegExpExecArray | null): { kind: 'append' | 'replace'; match: RegExpExecArray } | undefined {
  if (append && (!replace || append.index < replace.index)) return { kind: 'append', match: append };
  if (replace) return { kind: 'replace', match: replace };
  return undefined;
}

/** "RFC 0152 UQ4" → rfc 0152, section UQ4; "spec/v1/a2a-integration.md §B" → path and section. */
function readLabel(label: string): { path?: string; rfc?: string; section: string } {
  const rfc = /^RFC\s+(\d{4})\b\s*(.*)$/i.exec(label);
  if (rfc) return { rfc: rfc[1]!, section: rfc[2]!.trim() };
  const m = /^(\S+)\s*(.*)$/.exec(label)!;
  if (/[/.]/.test(m[1]!) && !m[1]!.startsWith('§')) return { path: m[1]!, section: m[2]!.trim() };
  return { section: label };
}

function readAppended(masked: string, src: string, from: number): { new: string; old?: undefined } | { reason: string } {
  const tail = masked.slice(from);
  const m = /^([*_]{0,2})(["\u201c])/.exec(tail);
  if (!m) return { reason: 'the appended text must be quoted: appended: "…"' };
  const open = from + m[0].length;
  const close = lastQuote(masked, open);
  if (close === -1) return { reason: 'the appended text has no closing quote' };
  const after = masked.slice(close + 1);
  if (!new RegExp(`^${escapeRe(m[1]!)}[ \\t]*\\.?[ \\t]*$`).test(after)) return { reason: `unexpected text after the quoted text: "${src.slice(close + 1).trim()}"` };
  const text = src.slice(open, close);
  if (!text.trim()) return { reason: 'the appended text is empty' };
  return { new: text };
}

function readReplacement(masked: string, src: string, from: number): { old: string; new: string } | { reason: string } {
  const tail = masked.slice(from);
  if (!OPEN_QUOTE.test(tail[0] ?? '')) return { reason: 'the replaced text must be quoted: replace "…" with "…"' };
  const sep = /["\u201d][ \t]+with[ \t]+["\u201c]/g;
  const seps = [...tail.matchAll(sep)];
  if (seps.length === 0) return { reason: 'expected replace "…" with "…": no `" with "` between two quotations' };
  if (seps.length > 1) return { reason: 'more than one `" with "` in the item; cannot tell the old text from the new' };
  const oldStart = from + 1;
  const oldEnd = from + seps[0]!.index!;
  const newStart = from + seps[0]!.index! + seps[0]![0].length;
  const newEnd = lastQuote(masked, newStart);
  if (newEnd === -1) return { reason: 'the new text has no closing quote' };
  const after = masked.slice(newEnd + 1);
  if (!/^[ \t]*\.?[ \t]*$/.test(after)) return { reason: `unexpected text after the new text: "${src.slice(newEnd + 1).trim()}"` };
  const old = src.slice(oldStart, oldEnd);
  if (!old.trim()) return { reason: 'the replaced text is empty' };
  return { old, new: src.slice(newStart, newEnd) };
}

function lastQuote(masked: string, from: number): number {
  for (let i = masked.length - 1; i >= from; i--) if (CLOSE_QUOTE.test(masked[i]!)) return i;
  return -1;
}

function maskCode(para: Paragraph, src: string, base: number): string {
  const chars = src.split('');
  const mask = (node: Nodes) => {
    if (node.type === 'inlineCode') {
      const s = node.position!.start.offset! - base;
      const e = node.position!.end.offset! - base;
      for (let i = s; i < e; i++) chars[i] = '\u0001';
    } else if ('children' in node) for (const c of node.children as Nodes[]) mask(c);
  };
  mask(para);
  return chars.join('');
}

/** Rendered text of the part of a paragraph before a source offset (the bold target). */
function renderedBefore(para: Paragraph, source: string, end: number): string {
  const r = render([para], source);
  let out = '';
  for (let i = 0; i < r.text.length; i++) if (r.at[i]! >= 0 && r.at[i]! < end) out += r.text[i];
  return out.replace(/\s+/g, ' ').trim();
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where findings about an item point: from its marker to the end of its bold target, else its first line. */
function firstLine(doc: MarkdownDoc, node: ListItem) {
  const start = node.position!.start.offset!;
  const para = node.children[0];
  const lead = para?.type === 'paragraph' ? para.children[0] : undefined;
  if (lead?.type === 'strong') return doc.lines.range(start, lead.position!.end.offset!);
  const nl = doc.text.slice(start).search(/\r?\n|\r/);
  const end = nl === -1 ? node.position!.end.offset! : start + nl;
  return doc.lines.range(start, Math.min(end, node.position!.end.offset!));
}
