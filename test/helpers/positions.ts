/** 1-based position (and end, for a single-line needle) of the n-th occurrence of `needle`. */
export function positionOf(text: string, needle: string, nth = 1): { line: number; column: number; endLine: number; endColumn: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`occurrence ${nth} of ${JSON.stringify(needle)} not found`);
  }
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  return { line, column, endLine: line, endColumn: column + needle.length };
}

/** An edit of a JSON file's text, written back with 2-space indent and a final newline (as the corpus writes it). */
export const jsonEdit = (edit: (v: any) => void) => (text: string) => {
  const v = JSON.parse(text);
  edit(v);
  return JSON.stringify(v, null, 2) + '\n';
};
