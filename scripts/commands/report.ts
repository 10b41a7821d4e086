import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { setCacheLocation } from '../core/cache/cache.js';
import { Corpus } from '../core/parse/corpus.js';
import { UsageError } from '../core/base/errors.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';
import { cacheableRun } from '../core/replay/observed-reads.js';
import { printable } from '../core/base/printable.js';
import { COMMON_OPTIONS, emit, openRoot } from '../core/cli/run-env.js';
import { formatName, loadReporter, STATE_FORMATS } from '../core/reporters/index.js';
import type { ReportSection } from '../core/reporters/types.js';
import type { ReportModel } from '../report/model.js';
import { toPosix } from '../core/io/source.js';
import { buildReport } from '../report/build.js';
import { errataPending } from '../report/errata-pending.js';

const HELP = `usage: specgate report [--format text|stylish|json|markdown|html] [-o|--output FILE] [options]

The corpus's governance state: corpus counts, RFCs per status and each RFC's last status change,
the open questions of Active and Accepted RFCs, the acceptance tally of Accepted RFCs (all ticked,
some, none, no boxes), errata pending, invariants per RFC, citations between RFCs (and cited
sections that do not exist). Read through the same RFC reader and caches as "specgate check".
  -f, --format NAME        text or stylish (default: tables), json (versioned:
                           docs/commands/report.md), markdown, or html (one self-contained page: a
                           chart of the status counts over the git history and a picture of the
                           citation graph; no script). The formats that carry findings (compact,
                           sarif, github, junit, gitlab) carry none, the tables on stderr
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
      --concurrency N      worker processes that parse uncached RFCs: a number (at most 4), off, or
                           auto (default: one per 512 uncached, from 2 to 4 and at most the
                           cores; none for fewer than 1024)
  -h, --help               print this help and exit 0
exit codes: 0 the report was written; 2 usage, configuration or internal error
`;

// The common options that say what is read and where the report goes (a report has no findings to count or colour).
const { root, preset, config, format, output, staged, concurrency, help } = COMMON_OPTIONS;
const OPTIONS = {
  root,
  preset,
  config,
  format,
  output,
  staged,
  concurrency,
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
  // One of the one list of formats (core/reporters/index.ts), known before any work.
  const format = formatName((values.format as string | undefined) ?? 'stylish');
  await loadReporter(format);
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
  // The report's state is the one section of its result, rendered for the format asked (the html's history read only then).
  const section: ReportSection = {};
  if (format === 'json') section.json = model as unknown as Record<string, unknown>;
  else if (format === 'markdown') section.markdown = (await import('../report/markdown.js')).renderMarkdown(model, { base: output === undefined ? '' : linkBase(opened.root, output) });
  else if (format === 'html') section.html = await htmlSection(model, corpus, { root: opened.root, output, history, staged: values.staged === true });
  else {
    section.human = (await import('../report/terminal.js')).renderTerminal(model);
    // A format that carries findings alone (sarif, junit, …) has no place for a state: its tables go to stderr, as any section's.
    if (!STATE_FORMATS.has(format)) section.elsewhere = section.human;
  }
  // Reading problems (an RFC that is not UTF-8, one past the size cap) are said, not hidden.
  // What judging the errata found reading their targets is `errata check`'s to say, not the report's.
  const errataOwn = new Set(errata.problems);
  for (const p of corpus.problems) if (!errataOwn.has(p)) io.stderr.write(`specgate: ${printable(`${p.file}: ${p.message}`)} (${p.ruleId})\n`);
  return emit({ findings: [], families: [] }, values, corpus, [], io, { sections: [section], state: { command: 'report' } });
}

/** The page's parts: the status history from git (unless --staged or --history 0), links relative to where the page is written. */
async function htmlSection(model: ReportModel, corpus: Corpus, o: { root: string; output: string | undefined; history: number | undefined; staged: boolean }): Promise<{ title: string; body: readonly string[] }> {
  const { statusHistory } = await import('../report/history.js');
  const { htmlParts } = await import('../report/html.js');
  const points = o.history === 0 || o.staged ? undefined : await statusHistory(corpus, o.history);
  const base = o.output === undefined ? '' : linkBase(o.root, o.output);
  return htmlParts({ ...model, ...(points ? { history: points } : {}) }, { name: path.basename(o.root), href: (file) => relativeLink(base, file), ...(points ? { history: points } : {}) });
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
