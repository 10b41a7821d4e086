/**
 * `a.localeCompare(b)`'s sign, without ICU where the strings tell it alone. The first
 * localeCompare of a process builds ICU's collator: 6 ms of a `report` that sorts RFC numbers
 * and file names, which are digits, letters of one case, `-`, `.` and `/`. Under the root
 * collation localeCompare uses, those characters each weigh apart and in their code order
 * (`-` < `.` < `/` < digits < letters; case only where letters of both cases meet), and
 * comparison is decided at the first character where the strings differ. Any other pair
 * (another character there, letters of both cases, a prefix followed by another character)
 * goes to localeCompare itself, so the order is always localeCompare's.
 */
export function localeOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) {
    if (a.length === b.length) return 0;
    // One is the other's start: the shorter comes first when what follows weighs (a plain character).
    const longer = a.length > b.length ? a : b;
    for (let j = n; j < longer.length; j++) if (!plain(longer.charCodeAt(j))) return a.localeCompare(b);
    return a.length < b.length ? -1 : 1;
  }
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if (plain(x) && plain(y) && !(upper(x) && lower(y)) && !(lower(x) && upper(y))) return x < y ? -1 : 1;
  return a.localeCompare(b);
}

const lower = (c: number) => c >= 97 && c <= 122;
const upper = (c: number) => c >= 65 && c <= 90;
/** `-`, `.`, `/`, a digit or an ASCII letter. */
const plain = (c: number) => c === 45 || c === 46 || c === 47 || (c >= 48 && c <= 57) || lower(c) || upper(c);
