import { printable } from './printable.js';
import type { Reporter } from './types.js';

/** GitHub Actions workflow commands: each finding becomes an annotation on the PR diff. */
export const github: Reporter = (result) => {
  const lines = result.findings.map((f) => {
    const kind = f.severity; // error, warning and notice are all workflow commands
    const props = [
      `file=${prop(f.file)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${prop(f.ruleId)}`,
    ].join(',');
    return `::${kind} ${props}::${data(f.message)}`;
  });
  return lines.length ? lines.join('\n') + '\n' : '';
};

/**
 * Escaping from the Actions toolkit's command format, after every control character of the input
 * is made printable (a message or file name cannot start a workflow command of its own on a new
 * line, nor send escape sequences to the log viewer).
 */
function data(s: string): string {
  return printable(s, '\r\n').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function prop(s: string): string {
  return data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
