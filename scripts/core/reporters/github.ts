import { ruleDocsUrl } from '../engine/rule.js';
import { printable } from '../base/printable.js';
import type { Reporter } from './types.js';

/** GitHub Actions workflow commands: each finding becomes an annotation on the PR diff. */
export const github: Reporter = (result, env) => {
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
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
    // The rule's page on a second line of the annotation (the message itself stays one line).
    const url = docsUrlOf(docs.get(f.ruleId), f.ruleId);
    return `::${kind} ${props}::${data(f.message)}%0A${data(url)}`;
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

/** A rule's absolute docs URL: its metadata's when that is one, else its row in docs/rules.md. */
export function docsUrlOf(docs: string | undefined, ruleId: string): string {
  return docs && /^https:\/\//.test(docs) ? docs : ruleDocsUrl(ruleId);
}
