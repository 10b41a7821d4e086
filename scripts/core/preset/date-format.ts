/*
 * A process's date format (`process.dateFormat`): `YYYY`, `MM` and `DD`, each once, with any other
 * characters written as they stand (`YYYY-MM-DD`, `DD.MM.YYYY`, `YYYY/MM/DD`). The rules match and
 * compare dates through it; a date is compared by its calendar value, never by its text.
 */

const TOKEN = /YYYY|MM|DD/g;
type Part = 'YYYY' | 'MM' | 'DD';

export interface DateFormat {
  /** The format as the process writes it, for messages (`YYYY-MM-DD`). */
  readonly text: string;
  /** A regular expression source matching one date in the format, without groups or anchors. */
  readonly source: string;
  /** The date `written` names as `YYYY-MM-DD` (sortable), when it is the format's and a real calendar date. */
  iso(written: string): string | undefined;
  /** A calendar date written in the format. */
  write(year: number, month: number, day: number): string;
}

/** Whether a format names each of year, month and day once (the config schema holds a config to it too). */
export function isDateFormat(format: string): boolean {
  const parts = format.match(TOKEN) ?? [];
  return parts.length === 3 && new Set(parts).size === 3;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const formats = new Map<string, DateFormat>();

export function dateFormat(text: string): DateFormat {
  let f = formats.get(text);
  if (f) return f;
  if (!isDateFormat(text)) throw new Error(`date format "${text}" must name YYYY, MM and DD once each`);
  const order: Part[] = [];
  const literals = text.split(TOKEN).map(escape);
  const digits = (p: Part) => (p === 'YYYY' ? '\\d{4}' : '\\d{2}');
  let source = literals[0]!;
  let grouped = literals[0]!;
  for (const [i, m] of [...text.matchAll(TOKEN)].entries()) {
    const p = m[0] as Part;
    order.push(p);
    source += digits(p) + literals[i + 1]!;
    grouped += `(${digits(p)})` + literals[i + 1]!;
  }
  const whole = new RegExp(`^${grouped}$`);
  f = {
    text,
    source,
    iso(written) {
      const m = whole.exec(written);
      if (!m) return undefined;
      const at = (p: Part) => Number(m[order.indexOf(p) + 1]);
      const [y, mo, d] = [at('YYYY'), at('MM'), at('DD')];
      const t = new Date(Date.UTC(y, mo - 1, d));
      if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return undefined;
      return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    },
    write(year, month, day) {
      const value: Record<Part, string> = { YYYY: String(year).padStart(4, '0'), MM: String(month).padStart(2, '0'), DD: String(day).padStart(2, '0') };
      return text.replace(TOKEN, (p) => value[p as Part]);
    },
  };
  formats.set(text, f);
  return f;
}
