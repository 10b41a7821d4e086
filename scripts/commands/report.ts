import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { setCacheLocation } from '../core/cache/cache.js';
import { Corpus } from '../core/parse/corpus.js';
import { UsageError } from '../core/base/errors.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';
import { cacheableRun } from '../core/replay/observed-reads.js';
import { jsonText } from '../core/reporters/json-text.js';
import { printable } from '../core/base/printable.js';
import { COMMON_OPTIONS, openRoot, writeReport } from '../core/cli/run-env.js';
import { toPosix } from '../core/io/source.js';
import { buildReport } from '../report/build.js';
import { errataPending } from '../report/errata-pending.js';

export const REPORT_FORMATS = ['text', 'json', 'markdown', 'html'] as const;

const HELP = `usage: specgate report [--format text|json|markdown|html] [-o|--output FILE] [options]

The corpus's governance state: corpus counts, RFCs per status and each RFC's last status change,
the open questions of Active and Accepted RFCs, the acceptance tally of Accepted RFCs (all ticked,
some, none, no boxes), errata pending, invariants per RFC, citations between RFCs (and cited
sections that do not exist). Read through the same RFC reader and caches as "specgate check".
  -f, --format NAME        text (default: tables), json (versioned: docs/commands/report.md),
                           markdown, or html (one self-contained page: a chart of the status counts
                           over the git history and a picture of the citation graph; no script)
  -o, --output FILE        write the report to FILE instead of stdout (the html's links to RFC
                           files are relative to FILE's folder)
      --history N          html: commits of the RFC folder's history read at most (default 2000;
                           0: none); the chart shows up to 40 of them
      --no-cache           neither read nor write specgate's cache folder
      --cache-location DIR the cache folder for this run (as SPECGATE_CACHE_DIR)
      --root DIR           the repository (default: the folder of the specgate.config.json found
                           upward, else the working directory)
      --preset NAME        specgate, openwop or eip
      --config FILE        the configuration
      --staged             read the git index instead of the working tree
  -h, --help               print this help and exit 0
exit codes: 0 the report was written; 2 usage, configuration or internal error
`;

// The common options that say what is read and where the report goes (a report has no findings to count or colour).
const { root, preset, config, format, output, staged, help } = COMMON_OPTIONS;
const OPTIONS = {
  root,
  preset,
  config,
  format,
  output,
  staged,
  help,
  history: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'cache-location': { type: 'string' },
} as const;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await reportRun(argv, io);
  } finally {
    setCacheLocation(undefined);
  }
}

async function reportRun(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, OPTIONS, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const format = (values.format as string | undefined) ?? 'text';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`report --format is ${REPORT_FORMATS.join(', ')} (got "${format}")`, HELP);
  const history = historyLimit(values.history as string | undefined);
  if (values['cache-location'] !== undefined && values['no-cache']) throw new UsageError('give --cache-location or --no-cache, not both');
  setCacheLocation(values['cache-location'] as string | undefined);
  // The text, json and markdown reports are a function of the files read: a run whose inputs are as an
  // earlier run saw them prints what it printed (scripts/result-replay.ts). The page also reads git's history.
  if (format !== 'html' && !values.staged && !values['no-cache']) cacheableRun();
  const opened = await openRoot(values, ['rfcsDir']);
  const corpus = new Corpus(opened.source, opened.config.layout);
  if (values['no-cache']) corpus.useParseCache = false;
  const errata = await errataPending(corpus);
  const model = await buildReport(corpus, { errataPending: errata.pending });
  const output = values.output as string | undefined;
  let text: string;
  if (format === 'json') text = jsonText(model) + '\n';
  else if (format === 'markdown') text = (await import('../report/markdown.js')).renderMarkdown(model, { base: output === undefined ? '' : linkBase(opened.root, output) });
  else if (format === 'html') {
    const { statusHistory } = await import('../report/history.js');
    const { renderHtml } = await import('../report/html.js');
    const points = history === 0 || values.staged ? undefined : await statusHistory(corpus, history);
    const base = output === undefined ? '' : linkBase(opened.root, output);
    text = renderHtml({ ...model, ...(points ? { history: points } : {}) }, { name: path.basename(opened.root), href: (file) => relativeLink(base, file), ...(points ? { history: points } : {}) });
  } else text = (await import('../report/terminal.js')).renderTerminal(model);
  // Reading problems (an RFC that is not UTF-8, one past the size cap) are said, not hidden.
  // What judging the errata found reading their targets is `errata check`'s to say, not the report's.
  const errataOwn = new Set(errata.problems);
  for (const p of corpus.problems) if (!errataOwn.has(p)) io.stderr.write(`specgate: ${printable(`${p.file}: ${p.message}`)} (${p.ruleId})\n`);
  writeReport(output, text, io);
  return 0;
}

/** --history N: a whole number of commits, 0 for none. */
function historyLimit(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new UsageError(`--history is a number of commits (got "${v}")`, HELP);
  return Number(v);
}

/** The folder of the output file, relative to the root ('' at the root; a path with `..` when outside it). */
function linkBase(root: string, output: string): string {
  return toPosix(path.relative(root, path.dirname(path.resolve(output))));
}

/** A link from a page in `base` (root-relative) to the root-relative `file`. */
function relativeLink(base: string, file: string): string {
  const rel = toPosix(path.posix.relative(base || '.', file));
  return rel.split('/').map((p) => (p === '..' ? p : encodeURIComponent(p))).join('/');
}
