import type { Corpus } from '../core/parse/corpus.js';
import { FatalError } from '../core/base/errors.js';
import { loadWireContext } from '../wire/context.js';
import type { WireContext } from '../wire/types.js';
import type { Capture } from './capture.js';
import { Redactor, toCapture } from './capture.js';
import type { CardFacts } from './card.js';
import { readCard } from './card.js';
import type { ProbeLimits, ProbeTransport } from './http-client.js';
import { HttpClient, RequestBudgetExceeded } from './http-client.js';
import type { LegResult, StepResult, TerminalTask } from './legs.js';
import { LEGS, errorDataShape, legVerdict, makeTerminalTask, noOpenWopEnvelope, unreadableNotFound, versionNotSupportedShape } from './legs.js';
import type { Principals } from './session.js';
import { ProbeSession } from './session.js';

export interface ProbeOptions {
  /** The corpus whose interop map and schemas the wire checker judges by. */
  corpus: Corpus;
  url: URL;
  card?: URL;
  principals: Principals;
  limits: ProbeLimits;
  tool: string;
  /** Where requests go: the network (an HttpClient within `limits`) unless a recorded host is given. */
  transport?: ProbeTransport;
}

export interface ProbeRun {
  url: string;
  cardUrl: string;
  /** The JSONRPC 1.0 interface the legs went to. */
  iface?: string;
  /** Why the legs did not run, when they did not. */
  notProbed?: string;
  facts: CardFacts;
  legs: LegResult[];
  captures: Capture[];
  requests: number;
}

function defaultCardUrl(url: URL): URL {
  return new URL('/.well-known/agent-card.json', url);
}

/** Reads the card, then runs every leg against its JSONRPC 1.0 interface. */
export async function runProbe(opts: ProbeOptions): Promise<ProbeRun> {
  // The judge's inputs come first: a broken corpus must not cost the host a single request.
  const loaded = await loadWireContext(opts.corpus, { binding: 'JSONRPC' });
  const base = loaded.ctx;
  if (!base) {
    const first = loaded.findings[0] ?? opts.corpus.problems[0];
    throw new FatalError(`the wire checker cannot judge without its corpus: ${first ? `${first.file}: ${first.message}` : 'interop map or schemas missing'}`);
  }
  const client = opts.transport ?? new HttpClient(opts.limits);
  const redactor = new Redactor([opts.principals.token, opts.principals.foreignToken]);
  const cardUrl = opts.card ?? defaultCardUrl(opts.url);
  const cardCaptures: Capture[] = [];
  const facts = await fetchCard(client, cardUrl, redactor, opts.tool, cardCaptures);

  const allowed = new Set([opts.url.origin, cardUrl.origin]);
  let notProbed = facts.noInterfaceReason;
  if (!notProbed && facts.jsonRpc10 && !allowed.has(facts.jsonRpc10.origin)) {
    notProbed = `the card's JSONRPC 1.0 interface ${facts.jsonRpc10.href} is on another host than --url/--card; the probe sends nothing there (to probe it, pass --url ${facts.jsonRpc10.origin} --card ${cardUrl.href})`;
  }
  const run: ProbeRun = { url: opts.url.href, cardUrl: cardUrl.href, facts, legs: [], captures: cardCaptures, requests: 0 };
  if (notProbed || !facts.jsonRpc10) {
    run.notProbed = notProbed;
    run.legs = LEGS.map((l) => ({ id: l.id, rfc: l.rfc, verdict: 'inapplicable', steps: [{ name: 'all', verdict: 'inapplicable', detail: notProbed!, captures: [], problems: [] }] }));
    run.requests = client.requestCount;
    return run;
  }
  run.iface = facts.jsonRpc10.href;
  const wire: WireContext = { ...base, offeredVersions: facts.interfaceVersions };
  const session = new ProbeSession(client, redactor, facts, facts.jsonRpc10, wire, opts.principals, opts.tool);
  for (const c of cardCaptures) session.captures.push(c);
  let made: Promise<TerminalTask> | undefined;
  const task = () => (made ??= makeTerminalTask(session));

  const runs: Record<(typeof LEGS)[number]['id'], () => Promise<StepResult[]>> = {
    'a2a-error-data-shape': () => errorDataShape(session, task),
    'a2a-no-openwop-envelope': () => noOpenWopEnvelope(session),
    'a2a-version-not-supported-shape': () => versionNotSupportedShape(session),
    'a2a-unreadable-not-found': () => unreadableNotFound(session, task),
  };
  for (const leg of LEGS) {
    const steps = await runs[leg.id]();
    run.legs.push({ id: leg.id, rfc: leg.rfc, verdict: legVerdict(steps), steps });
  }
  run.captures = session.captures;
  run.requests = client.requestCount;
  return run;
}

async function fetchCard(client: ProbeTransport, cardUrl: URL, redactor: Redactor, tool: string, captures: Capture[]): Promise<CardFacts> {
  let hops;
  try {
    hops = await client.sendFollowingSameOrigin({ method: 'GET', url: cardUrl, headers: { Accept: 'application/json', 'A2A-Version': '1.0' }, name: 'agent-card' });
  } catch (e) {
    if (e instanceof RequestBudgetExceeded) throw new FatalError(`cannot read the agent card: ${e.message}`);
    throw e;
  }
  hops.forEach((h, i) => captures.push(toCapture(i === 0 ? 'agent-card' : `agent-card-redirect-${i}`, `GET the agent card${i ? ` (redirect ${i})` : ''}`, h, redactor, tool)));
  const last = hops[hops.length - 1]!;
  const where = redactor.text(last.request.url.href);
  if (last.problem) throw new FatalError(`cannot read the agent card at ${where}: ${redactor.text(last.problem)}`);
  const answer = last.answer!;
  if (answer.status !== 200) throw new FatalError(`cannot read the agent card at ${where}: HTTP ${answer.status}`);
  let card: unknown;
  try {
    card = JSON.parse(answer.body);
  } catch {
    throw new FatalError(`the agent card at ${where} is not JSON (${answer.headers['content-type'] ?? 'no content-type'})`);
  }
  try {
    return readCard(card, last.request.url);
  } catch (e) {
    throw new FatalError(`the agent card at ${where}: ${(e as Error).message}`);
  }
}
