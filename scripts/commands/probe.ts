import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../core/cli/args.js';
import { UsageError } from '../core/base/errors.js';
import { BUILTIN_RULES } from '../rules-registry.js';
import { userOutputFolder } from '../core/io/user-output.js';
import { COMMON_OPTIONS, TOOL_NAME, TOOL_VERSION, checkCommonValues, colorFor, emit } from '../core/cli/run-env.js';
import { commandSession } from '../core/session.js';
import { FORMATS, loadReporter } from '../core/reporters/index.js';
import type { CommonValues } from '../core/cli/run-env.js';
import type { CliIo } from '../core/io/process-io.js';
import { processIo } from '../core/io/process-io.js';

const HELP = `usage: specgate probe --url URL [--card URL] [--token T] [--foreign-token T2] [--record DIR]
                      [-f|--format ${FORMATS.join('|')}] [-o|--output FILE]
                      [-q|--quiet] [--max-warnings N] [--color|--no-color] [-h|--help]
                      [--timeout MS] [--max-requests N] [--max-response-bytes N] [--concurrency N|off|auto]

Runs RFC 0211's conformance legs against a live A2A host: reads the agent card (default
URL/.well-known/agent-card.json), finds its JSONRPC interface at protocolVersion 1.0 and sends
each leg there. Verdicts: executed-pass, executed-fail (with the RFC section), inapplicable (why).

  --token T            bearer token of the caller (or env SPECGATE_PROBE_TOKEN)
  --foreign-token T2   a second principal, for a2a-unreadable-not-found (or env SPECGATE_PROBE_FOREIGN_TOKEN)
  --record DIR         save every exchange in the capture format of ../shared/fixtures (DIR must be empty)
  --timeout MS         per request (default 10000)
  --max-requests N     per run, redirects included (default 40)
  --max-response-bytes N  per response body (default 1048576)
  --root DIR, --preset P  the repository whose interop map and RFC 0211 schemas judge the answers
                          (default: the governed repository, found like every command's root)
  --config FILE           rule severities (and layout); default: specgate.config.json found upward
  -f, --format NAME       ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)}
  -o, --output FILE       write the report to FILE instead of stdout
  -q, --quiet             report errors only; --max-warnings N: exit 1 when more warnings
  --color, --no-color     force colours on or off (also NO_COLOR, FORCE_COLOR)
  --concurrency N         worker processes that parse uncached RFCs (plugin families beside the probe
                          that read every RFC): a number (at most 4), off or auto (default)
  -h, --help              print this help and exit 0
Tokens are never printed or recorded: saved exchanges carry "Bearer <redacted>".
Redirects are followed only for the card and only on the same origin. Requests go only to the
origins of --url and --card.
exit codes: 0 every leg passed or was inapplicable (and one ran), 1 a leg failed or none ran, 2 usage or unreachable card
`;

const { staged: _staged, ...COMMON_WITHOUT_STAGED } = COMMON_OPTIONS;

const OPTIONS = {
  url: { type: 'string' },
  card: { type: 'string' },
  token: { type: 'string' },
  'foreign-token': { type: 'string' },
  record: { type: 'string' },
  timeout: { type: 'string' },
  'max-requests': { type: 'string' },
  'max-response-bytes': { type: 'string' },
  // Every common option but --staged: a probe reads a live host, not a tree.
  ...COMMON_WITHOUT_STAGED,
} as const;


export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseCommandArgs(argv, OPTIONS, false, HELP);
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const common = values as CommonValues;
  const root = checkCommonValues(common);
  const url = httpUrl('--url', values.url as string | undefined);
  if (!url) throw new UsageError('--url URL is required (the A2A host)', HELP);
  const card = httpUrl('--card', values.card as string | undefined);
  const format = (values.format as string | undefined) ?? 'stylish';
  // Every format of the one list (reporters/index.ts), refused before any request when unknown.
  await loadReporter(format);
  const token = (values.token as string | undefined) ?? process.env.SPECGATE_PROBE_TOKEN ?? undefined;
  const foreignToken = (values['foreign-token'] as string | undefined) ?? process.env.SPECGATE_PROBE_FOREIGN_TOKEN ?? undefined;
  if (token === '' || foreignToken === '') throw new UsageError('a token must not be empty');
  if (token && foreignToken && token === foreignToken) throw new UsageError('--foreign-token must name another principal than --token');
  const recordDir = values.record as string | undefined;
  // A folder the user names for writing: judged before the host is asked anything (core/io/user-output.ts).
  if (recordDir !== undefined) userOutputFolder(recordDir, root, { check: true, refusal: '--record names a folder' });
  if (recordDir !== undefined && existsSync(recordDir) && readdirSync(recordDir).length > 0) {
    throw new UsageError(`--record directory is not empty: ${recordDir}`);
  }
  const { DEFAULT_LIMITS } = await import('../probe/http-client.js');
  const limits = {
    timeoutMs: positiveInt('--timeout', values.timeout, DEFAULT_LIMITS.timeoutMs),
    maxRequests: positiveInt('--max-requests', values['max-requests'], DEFAULT_LIMITS.maxRequests),
    maxResponseBytes: positiveInt('--max-response-bytes', values['max-response-bytes'], DEFAULT_LIMITS.maxResponseBytes),
  };

  const { runProbe } = await import('../probe/run.js');
  const { Redactor, writeCaptures } = await import('../probe/capture.js');
  const { probeFamily } = await import('../probe/findings.js');
  const { probeSection } = await import('../probe/output.js');
  // The answers are judged by the governed repository's interop map and RFC 0211 schemas (the
  // root found like every command's), never by a copy inside the installed package.
  const session = await commandSession({ ...(values.root ? { root: values.root as string } : {}), ...(values.preset ? { preset: values.preset as string } : {}), ...(values.config ? { config: values.config as string } : {}) }, ['interopMap', 'wireSchemas'], BUILTIN_RULES);
  const corpus = session.corpus();
  const secrets = new Redactor([token, foreignToken]);
  let probe;
  try {
    probe = await runProbe({ corpus, url, card, principals: { token, foreignToken }, limits, tool: `${TOOL_NAME} probe ${TOOL_VERSION}` });
  } catch (e) {
    // The one-line error goes to stderr and may quote the host: redacted like every other output.
    if (e instanceof Error) e.message = secrets.text(e.message);
    throw e;
  }

  // Every text of the run (steps quote the host) redacted now, before any of it is cut for display:
  // the table cuts long details, and a cut must never keep a secret's prefix. The captures are redacted already.
  probe = { ...secrets.deep({ ...probe, captures: [] }), captures: probe.captures };
  let recorded: { dir: string; texts: string[] } | undefined;
  if (recordDir !== undefined) {
    const files = writeCaptures(recordDir, probe.captures, corpus.root);
    recorded = { dir: path.resolve(recordDir), texts: files.map((f) => readFileSync(f, 'utf8')) };
  }
  // The probe family over the host's answers, run by the session's engine (settled once, under the preset:
  // `probe` cites as `check wire-examples` does). A host may echo a credential: every report is redacted.
  const { result } = await session.run({ corpus, families: [probeFamily(probe, recorded, (v) => secrets.deep(v))], reportUnused: false });
  const section = probeSection({ run: probe, ...(recordDir !== undefined ? { recordDir } : {}), color: colorFor(common, format, io.stdout.isTTY === true) });
  const { PROBE_RULES } = await import('../probe/findings.js');
  // A host may echo a credential into an error message; nothing printed may carry one.
  return emit({ findings: secrets.deep(result.findings), families: [] }, common, undefined, PROBE_RULES, io, { sections: [section], sourceOf: () => undefined, root: process.cwd(), writeRoot: corpus.root, redact: (text) => secrets.text(text) });
}

function httpUrl(option: string, raw: string | undefined): URL | undefined {
  if (raw === undefined) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new UsageError(`${option} is not a URL: ${raw}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`${option} must be an http(s) URL: ${raw}`);
  if (u.username || u.password) throw new UsageError(`${option} must not carry credentials; use --token`);
  return u;
}

function positiveInt(option: string, raw: unknown, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${option} must be a positive integer, got ${String(raw)}`);
  return n;
}
