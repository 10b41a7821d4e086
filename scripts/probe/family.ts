import { isObject } from '../core/base/json-object.js';
import type { CommandFamily } from '../core/engine/rule-tester.js';
import type { ExampleFiles } from '../core/engine/rule.js';
import { PROBE_OWN_RULES, PROBE_RULES, probeFindings } from './findings.js';
import type { HttpOutcome, OutgoingRequest, ProbeTransport } from './http-client.js';
import { EXAMPLE_HOST, PROBE_EXAMPLES_NOTE } from './rule-examples.js';


/**
 * A host that answers from an example's files instead of the network: `agent-card.json` is the
 * card, `answers/<exchange>.json` the answer to the exchange of that name ({status, headers, body},
 * the body raw). An exchange without a file gets no answer, as from a host that does not respond.
 */
export class RecordedHost implements ProbeTransport {
  private sent = 0;

  constructor(private readonly files: ExampleFiles) {}

  get requestCount(): number {
    return this.sent;
  }

  async send(req: OutgoingRequest): Promise<HttpOutcome> {
    this.sent++;
    const file = req.name === 'agent-card' ? 'agent-card.json' : `answers/${req.name ?? ''}.json`;
    const text = this.files[file];
    if (file === 'agent-card.json' && text !== undefined) return { request: req, answer: { status: 200, headers: { 'content-type': 'application/json' }, body: text } };
    if (text === undefined) return { request: req, problem: `no answer recorded (${file})` };
    const a: unknown = JSON.parse(text);
    if (!isObject(a) || !Number.isInteger(a.status) || typeof a.body !== 'string') throw new Error(`${file} is not a recorded answer {status, headers, body}`);
    return { request: req, answer: { status: a.status as number, headers: isObject(a.headers) ? (a.headers as Record<string, string>) : {}, body: a.body } };
  }

  async sendFollowingSameOrigin(req: OutgoingRequest): Promise<HttpOutcome[]> {
    return [await this.send(req)];
  }
}

/**
 * The probe family: the probe's own rules, and its run on in-memory inputs as `specgate probe --url
 * https://agent.example` runs, against a RecordedHost (the example's files), the answers judged by
 * the interop map and §A/§B schemas of this package; options are the principals (`token`,
 * `foreignToken`); every other probe rule is off.
 */
export const PROBE_FAMILY: CommandFamily = {
  command: 'probe',
  group: 'probe',
  page: 'probe',
  rules: PROBE_OWN_RULES,
  examplesNote: PROBE_EXAMPLES_NOTE,
  async run(rule, files, opts) {
    const [{ exampleCorpus, onlyRule }, { runProbe }, { FsSource }, { packageRoot }, { DEFAULT_LIMITS }] = await Promise.all([import('../core/engine/rule-tester.js'), import('./run.js'), import('../core/io/source.js'), import('../core/base/package-root.js'), import('./http-client.js')]);
    // The example's files are the host's recorded answers, not repository files: the corpus is the package's alone.
    const { corpus } = exampleCorpus({}, { preset: opts.preset, base: new FsSource(packageRoot()) });
    const o = opts.options ?? {};
    const principals = { ...(typeof o.token === 'string' ? { token: o.token } : {}), ...(typeof o.foreignToken === 'string' ? { foreignToken: o.foreignToken } : {}) };
    const run = await runProbe({ corpus, url: new URL(EXAMPLE_HOST), principals, limits: DEFAULT_LIMITS, tool: 'specgate probe (example)', transport: new RecordedHost(files) });
    const findings = await probeFindings(run, undefined, { severities: onlyRule(rule, PROBE_RULES), corpus });
    return { findings, problems: [], output: {} };
  },
};
