import { countBySeverity } from '../model/findings.js';
import { baselineLines } from './baseline.js';
import { problemsLine } from './compact.js';
import { docsUrlOf } from './github.js';
import type { Reporter } from './types.js';

/** Text in SVG or HTML, element content and attribute values alike. */
export function esc(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(BIDI, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The bidi marks, embeddings, overrides and isolates, and the line separators: shown as escapes, as on a terminal (a browser would reorder the text around them). */
const BIDI = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * One self-contained page: inline CSS, no script, no font, nothing fetched (its
 * Content-Security-Policy says so, and a browser that met a fetch would log the refusal). Every
 * text of the run goes through `esc`: file names, messages and RFC text are pull-request text.
 * `body` is already escaped HTML; the title is escaped here.
 */
export function htmlPage(page: { title: string; body: readonly string[] }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(page.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${page.body.join('\n')}
</main>
</body>
</html>
`;
}

/**
 * `--format html`: one page of the command's sections (each its own `<section>`: `report`'s whole
 * state), then its findings as a table with the counts and the baseline's lines. A result with no
 * findings part (`env.state`: `report`) is its sections alone.
 */
export const html: Reporter = (result, env) => {
  const sections = (env.sections ?? []).flatMap((s) => (s.html ? [s.html] : []));
  // A section with no page parts of its own (compat's change table, probe's legs, errata's outcomes) is its terminal text, preformatted.
  const body = (env.sections ?? []).flatMap((s) => (s.html ? s.html.body : s.human ? [`<section><div class="scroll"><pre>${esc(s.human)}</pre></div></section>`] : []));
  if (!env.state) body.push(findingsSection(result, env));
  return htmlPage({ title: sections[0]?.title ?? `${env.toolName}: findings`, body });
};

function findingsSection(result: Parameters<Reporter>[0], env: Parameters<Reporter>[1]): string {
  const docs = new Map(env.rules.map((r) => [r.id, r.docs]));
  const { errors, warnings, notices } = countBySeverity(result.findings);
  const rows = result.findings.map((f) => {
    const rule = `<a href="${esc(docsUrlOf(docs.get(f.ruleId), f.ruleId))}">${esc(f.ruleId)}</a>`;
    return `<tr><td>${esc(f.severity)}</td><td>${esc(f.file)}:${f.line}:${f.column}</td><td>${rule}</td><td>${esc(f.message)}</td></tr>`;
  });
  const table = rows.length ? `<div class="scroll"><table class="wide"><thead><tr><th>severity</th><th>where</th><th>rule</th><th>message</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>` : '<p class="empty">No problems.</p>';
  const lines = [...(errors + warnings + notices > 0 ? [problemsLine(errors, warnings, notices)] : []), ...(result.baseline ? baselineLines(result.baseline) : [])];
  return `<section id="findings"><h2>Findings <span class="badge" data-count="findings">${result.findings.length}</span></h2>${table}${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</section>`;
}

/** System fonts only (nothing fetched); one column on a phone, two where there is room. */
const CSS = `
:root{color-scheme:light;--fg:#1d2433;--muted:#5b6475;--line:#dde2ea;--bg:#f6f7f9;--card:#fff}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1200px;margin:0 auto;padding:16px}
header h1{font-size:1.5rem;margin:.2rem 0}
header p{color:var(--muted);margin:.2rem 0 1rem}
section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:0 0 16px}
h2{font-size:1.15rem;margin:.2rem 0 .8rem}
h3{font-size:1rem}
.cards{display:grid;grid-template-columns:repeat(2,1fr);gap:10px}
.card{border:1px solid var(--line);border-radius:6px;padding:10px;display:flex;flex-direction:column}
.card .n{font-size:1.8rem;font-weight:600}
.card .label{color:var(--muted)}
.two{display:grid;grid-template-columns:1fr;gap:16px;align-items:start}
figure{margin:0}
figcaption{color:var(--muted);font-size:.85rem;margin-top:4px}
svg{width:100%;height:auto;display:block}
.graph{max-width:860px;margin:0 auto}
.chart .tick line{stroke:var(--line)}
.chart text{font-size:13px;fill:var(--muted)}.graph text{font-size:11px;fill:var(--muted)}
.graph .links line{stroke:#9aa5b1;stroke-opacity:.7;stroke-width:1.2}
.graph .node circle{stroke:#fff;stroke-width:1.5}
.graph .node text{fill:#fff;font-size:9px;font-weight:600;pointer-events:none}
.graph a:focus circle,.graph a:hover circle{stroke:var(--fg);stroke-width:2.5}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
th{color:var(--muted);font-weight:600;white-space:nowrap}
table.wide td{min-width:4.5em}
td a,li a{color:#1f5fae}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em;vertical-align:-.05em}
.badge{display:inline-block;background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:0 8px;font-size:.85rem;color:var(--muted);vertical-align:.1em}
.date{color:var(--muted);white-space:nowrap}
.empty{color:var(--muted)}
summary{cursor:pointer;color:#1f5fae;margin:.2rem 0 .5rem}
@media (max-width:600px){.chart text{font-size:22px}.graph-wrap{overflow-x:auto}.graph{min-width:620px}main{padding:8px}section{padding:10px}table.wide thead{display:none}table.wide tr{display:block;border-bottom:1px solid var(--line);padding:4px 0}table.wide td{display:inline-block;border:0;padding:2px 6px;min-width:0}table.wide td:last-child{display:block}}
@media (min-width:760px){.cards{grid-template-columns:repeat(4,1fr)}.two{grid-template-columns:minmax(220px,1fr) 2fr}}
`;
