/**
 * Control characters of a message or path shown as escapes (`\u001b`, `\n`), so text read from a
 * governed file cannot move the cursor, recolour or split a line of a report. Every line-based
 * reporter passes what it prints from findings through here.
 */
export function escapeControl(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
