import type { RfcDocument } from './document.js';
import { headerField } from './document.js';

/** Sections where upstream keeps an RFC's history ("Status history", "Amendment record"). */
const HISTORY_SECTION = /^(?:status history|amendment record|amendments|history|changelog)\b/i;

/**
 * The sentences of an RFC's recorded history: its Status and Updated rows and its history
 * sections. Where a maintainer records what became of the RFC's open parts as a whole ("the four
 * unresolved questions remain open", "the remaining criteria were deferred").
 */
export function historySentences(text: string | undefined, doc: RfcDocument): string[] {
  const rows = ['Status', 'Updated'].map((f) => headerField(doc, f)?.value ?? '');
  const sections = text === undefined ? [] : doc.sections.filter((s) => s.kind === 'heading' && HISTORY_SECTION.test(s.title)).map((s) => text.slice(s.start, s.end));
  return [...rows, ...sections].flatMap((t) => t.split(/(?<=\.)\s+/));
}
