/** A reference to an RFC, optionally to one of its sections (RFC 0001 §D). */
export interface RfcCitation {
  rfc: string;
  section?: string;
  /** Offsets in the text the citation was found in (prose) or of the whole string (structured). */
  start: number;
  end: number;
}

/** Structured form: `"0211"`, `"0211 §D"`, `"0211 §D.7"` (an optional leading `RFC ` is tolerated). */
export function parseStructuredCitation(s: string): Omit<RfcCitation, 'start' | 'end'> | undefined {
  const m = /^(?:RFC[ -]?)?(\d{4})(?:\s*§\s?(\S+))?$/.exec(s.trim());
  if (!m) return undefined;
  return m[2] ? { rfc: m[1]!, section: m[2].replace(/[.:,;]+$/, '') } : { rfc: m[1]! };
}

const SECTION = String.raw`(?:[A-Za-z]+(?:-?\d+)?(?:\.\d+)*|\d+(?:\.\d+)*)`;
const SECTIONS = String.raw`(?:\s*§\s?${SECTION}(?:\s*\/\s*§\s?${SECTION})*)?`;
const NUMBER = String.raw`(\d{4})(?![\d])(?!-\d)`;
/**
 * `RFC 0027`, `RFC-0027`, `RFCs 0183/0186`, each number optionally followed by `§X`, `§X.7`, `§A/§B`.
 * A folded YAML line may break between `RFC` and its number (`… RFC` / `0132 …`).
 */
const HEAD = new RegExp(String.raw`\bRFCs?(?:\s+|-)?${NUMBER}(${SECTIONS})`, 'g');
/** More numbers after the first without their own `RFC`: `0046/0079`, `0152 / 0153`. */
const MORE = new RegExp(String.raw`^\s*\/\s*${NUMBER}(${SECTIONS})`);

/**
 * RFC citations in prose, as upstream writes them in `note` (`RFC 0027 §E.`, `RFC 0152 / 0153`,
 * `RFC 0168 §B.1`). Each number becomes one citation per section it names (or one without).
 */
export function findProseCitations(text: string): RfcCitation[] {
  const out: RfcCitation[] = [];
  for (const m of text.matchAll(HEAD)) {
    let at = m.index!;
    let end = at + m[0].length;
    push(out, m[1]!, m[2]!, at, end);
    for (;;) {
      const more = MORE.exec(text.slice(end));
      if (!more) break;
      at = end + more[0].search(/\d/);
      const next = end + more[0].length;
      push(out, more[1]!, more[2]!, at, next);
      end = next;
    }
  }
  return out;
}

function push(out: RfcCitation[], rfc: string, sections: string, start: number, end: number): void {
  const names = [...sections.matchAll(new RegExp(String.raw`§\s?(${SECTION})`, 'g'))];
  if (names.length === 0) out.push({ rfc, start, end });
  const sectionsStart = end - sections.length;
  for (const s of names) out.push({ rfc, section: s[1]!, start, end: sectionsStart + s.index! + s[0].length });
}
