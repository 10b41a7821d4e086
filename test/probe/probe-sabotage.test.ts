import { afterEach, describe, expect, it } from 'vitest';
import { WIRE_RULES } from '../../scripts/wire/rules.js';
import { startModelHost } from './broken-host.js';
import type { ModelHostOptions } from './broken-host.js';
import { body, exchange, leg, probeCli } from './run-probe.js';
import type { ProbeCliResult } from './run-probe.js';

const TOKENS = ['tok-owner', 'tok-other'];
const LEG_IDS = ['a2a-error-data-shape', 'a2a-no-openwop-envelope', 'a2a-version-not-supported-shape', 'a2a-unreadable-not-found'];

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function probeModel(opts: ModelHostOptions): Promise<ProbeCliResult> {
  const host = await startModelHost({ tokens: TOKENS, ...opts });
  closers.push(host.close);
  return probeCli(['--url', host.base, '--token', TOKENS[0]!, '--foreign-token', TOKENS[1]!]);
}

/** The named leg failed, the others passed, and each error finding sits in the exchange `caseName`. */
function onlyLegFails(r: ProbeCliResult, failing: string, section: string): void {
  expect(r.code, r.stderr).toBe(1);
  for (const id of LEG_IDS) expect([id, leg(r, id).verdict]).toEqual([id, id === failing ? 'executed-fail' : 'executed-pass']);
  expect(leg(r, failing).failedSections).toEqual([section]);
}

/** The error findings, each with the recorded file it points into. */
function errors(r: ProbeCliResult): Array<{ ruleId: string; file: string; line: number; column: number; endColumn: number; message: string; pointer: string }> {
  return r.json.findings.filter((f: any) => f.severity === 'error');
}

function recordOf(r: ProbeCliResult, file: string): any {
  const name = file.split('/').pop()!;
  expect(r.records[name], `finding file ${file} is a recorded exchange`).toBeDefined();
  return r.records[name];
}

/** 1-based line of the "body" member of the response in a recorded file. */
function responseBodyLine(r: ProbeCliResult, file: string): number {
  const text = r.recordTexts[file.split('/').pop()!]!;
  return text.slice(0, text.indexOf('"body"', text.indexOf('"response"'))).split('\n').length;
}

describe('the model host (node:http) without sabotage: the clean control', () => {
  it('passes every leg, with every step executed', async () => {
    const r = await probeModel({});
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const id of LEG_IDS) {
      const row = leg(r, id);
      expect([id, row.verdict]).toEqual([id, 'executed-pass']);
      for (const s of row.steps) expect([id, s.step, s.verdict]).toEqual([id, s.step, 'executed-pass']);
    }
    expect(r.json.findings).toEqual([]);
    // The unauthenticated step really went without a credential and got the bare 401 §C allows.
    const unauth = exchange(r, 'no-openwop-envelope-unauthenticated');
    expect(unauth.request.headers.Authorization).toBeUndefined();
    expect(unauth.response.status).toBe(401);
    expect(unauth.response.body).toBe('');
  });
});

describe('RFC 0211 §Conformance sabotage column: each turns its leg red for its named reason', () => {
  it.each([
    ['object', /array/],
    ['empty', /ErrorInfo|fewer than 1|at least/i],
    ['camel-reason', /TaskNotFound/],
    ['wrong-domain', /domain|a2a-protocol\.org/],
  ] as const)('a2a-error-data-shape: data %s', async (data, why) => {
    const r = await probeModel({ sabotage: { data } });
    onlyLegFails(r, 'a2a-error-data-shape', 'RFC 0211 §A');
    const row = leg(r, 'a2a-error-data-shape');
    expect(row.steps[0]!.verdict).toBe('executed-fail');
    // CancelTask's answer is untouched by the sabotage.
    expect(row.steps[1]!.verdict).toBe('executed-pass');
    const found = errors(r);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect([WIRE_RULES.dataShape.id, WIRE_RULES.reasonMatchesCode.id]).toContain(f.ruleId);
      expect(f.message).toContain('RFC 0211 §A');
      expect(recordOf(r, f.file).case).toBe('error-data-shape-GetTask-unknown');
      expect(f.line).toBe(responseBodyLine(r, f.file));
    }
    expect(found.map((f) => f.message).join('\n')).toMatch(why);
    // Check the verdict against the record itself.
    const data0 = body(exchange(r, 'error-data-shape-GetTask-unknown')).error.data;
    if (data === 'object') expect(Array.isArray(data0)).toBe(false);
    if (data === 'empty') expect(data0).toEqual([]);
    if (data === 'camel-reason') expect(data0[0].reason).toBe('TaskNotFound');
    if (data === 'wrong-domain') expect(data0[0].domain).not.toBe('a2a-protocol.org');
  });

  it('a2a-error-data-shape: an unknown task answered -32603, which no single answer shows wrong (the leg expects -32001)', async () => {
    const r = await probeModel({ sabotage: { unknownAsInternalError: true } });
    expect(r.code).toBe(1);
    const row = leg(r, 'a2a-error-data-shape');
    expect(row.verdict).toBe('executed-fail');
    expect(row.failedSections).toEqual(['RFC 0211 §A']);
    const own = errors(r).filter((f) => f.file.endsWith('error-data-shape-GetTask-unknown.json'));
    expect(own.map((f) => f.ruleId)).toEqual(['probe/a2a-error-data-shape']);
    expect(own[0]!.message).toMatch(/expected error -32001 \(TASK_NOT_FOUND\), got -32603/);
    expect(body(recordOf(r, own[0]!.file)).error.code).toBe(-32603);
  });

  it('a2a-no-openwop-envelope: the OpenWOP envelope on a malformed request', async () => {
    const r = await probeModel({ sabotage: { envelopeOnMalformed: true } });
    onlyLegFails(r, 'a2a-no-openwop-envelope', 'RFC 0211 §C');
    const [malformed, unauth] = leg(r, 'a2a-no-openwop-envelope').steps;
    expect(malformed!.verdict).toBe('executed-fail');
    expect(unauth!.verdict).toBe('executed-pass');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(WIRE_RULES.noEnvelope.id);
    expect(f!.message).toMatch(/OpenWOP error envelope.*RFC 0211 §C/);
    expect(recordOf(r, f!.file).case).toBe('no-openwop-envelope-malformed-json');
    expect(body(recordOf(r, f!.file))).toEqual({ error: 'validation_error', message: 'the body is not JSON' });
  });

  it('a2a-no-openwop-envelope: the OpenWOP envelope on an unauthenticated POST', async () => {
    const r = await probeModel({ sabotage: { envelopeOnUnauthenticated: true } });
    onlyLegFails(r, 'a2a-no-openwop-envelope', 'RFC 0211 §C');
    const [malformed, unauth] = leg(r, 'a2a-no-openwop-envelope').steps;
    expect(malformed!.verdict).toBe('executed-pass');
    expect(unauth!.verdict).toBe('executed-fail');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(WIRE_RULES.noEnvelope.id);
    const x = recordOf(r, f!.file);
    expect(x.case).toBe('no-openwop-envelope-unauthenticated');
    expect(x.response.status).toBe(401);
    expect(body(x).error).toBe('unauthenticated');
  });

  it('a2a-version-not-supported-shape: -32600 for a bad version (openwop-app today)', async () => {
    const r = await probeModel({ sabotage: { versionAsInvalidRequest: true } });
    onlyLegFails(r, 'a2a-version-not-supported-shape', 'RFC 0211 §E');
    const found = errors(r);
    expect(found.map((f) => f.ruleId)).toContain(WIRE_RULES.versionErrorCode.id);
    const f = found.find((x) => x.ruleId === WIRE_RULES.versionErrorCode.id)!;
    expect(f.message).toMatch(/-32600.*-32009|-32009.*-32600/s);
    const x = recordOf(r, f.file);
    expect(x.case).toBe('version-not-supported-99');
    expect(body(x).error.code).toBe(-32600);
  });

  it('a2a-version-not-supported-shape: supportedVersions naming a version the card does not offer', async () => {
    const r = await probeModel({ sabotage: { supportedVersions: '1.0,2.0' } });
    onlyLegFails(r, 'a2a-version-not-supported-shape', 'RFC 0211 §E');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(WIRE_RULES.supportedVersions.id);
    expect(f!.message).toMatch(/2\.0/);
  });

  it('a2a-version-not-supported-shape: supportedVersions that is a subset of the card passes (control)', async () => {
    const r = await probeModel({ sabotage: { supportedVersions: '1.0' } });
    expect(r.code).toBe(0);
    expect(leg(r, 'a2a-version-not-supported-shape').verdict).toBe('executed-pass');
    expect(leg(r, 'a2a-version-not-supported-shape').steps[0]!.detail).toMatch(/supportedVersions "1\.0"/);
  });

  it('a2a-unreadable-not-found: metadata.scope "tenant" only on the foreign answer', async () => {
    const r = await probeModel({ sabotage: { scopeOnForeign: true } });
    onlyLegFails(r, 'a2a-unreadable-not-found', 'RFC 0211 §D');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(WIRE_RULES.unreadableEqualsUnknown.id);
    expect(f!.message).toMatch(/metadata\.scope/);
    const foreign = recordOf(r, f!.file);
    expect(foreign.case).toBe('unreadable-foreign-task');
    expect(body(foreign).error.data[0].metadata).toEqual({ scope: 'tenant' });
    expect(body(exchange(r, 'unreadable-unknown-task')).error.data[0].metadata).toBeUndefined();
    // The finding names the unknown-task answer it was compared with.
    const full = r.json.findings.find((x: any) => x.ruleId === WIRE_RULES.unreadableEqualsUnknown.id);
    expect(recordOf(r, full.related[0].file).case).toBe('unreadable-unknown-task');
  });
});

describe('RFC 0211 §D compares more than data: status, code and headers', () => {
  it('a2a-unreadable-not-found: the same body, but HTTP 403 on the foreign answer (200 on the unknown one)', async () => {
    const r = await probeModel({ sabotage: { statusOnForeign: 403 } });
    onlyLegFails(r, 'a2a-unreadable-not-found', 'RFC 0211 §D');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(WIRE_RULES.unreadableEqualsUnknown.id);
    expect(f!.message).toMatch(/HTTP status differs: 403 for the unreadable task, 200 for the unknown one/);
    expect(f!.pointer).toBe('/response/status');
    expect(recordOf(r, f!.file).case).toBe('unreadable-foreign-task');
    // Only the status differs: the bodies are equal but for the id echo.
    expect(exchange(r, 'unreadable-foreign-task').response.status).toBe(403);
    expect(body(exchange(r, 'unreadable-foreign-task')).error).toEqual(body(exchange(r, 'unreadable-unknown-task')).error);
    expect(leg(r, 'a2a-unreadable-not-found').steps[0]!.detail).toMatch(/HTTP status differs/);
  });

  it('a2a-unreadable-not-found: the same body and status, plus a header only on the foreign answer', async () => {
    const r = await probeModel({ sabotage: { headerOnForeign: 'x-task-scope' } });
    onlyLegFails(r, 'a2a-unreadable-not-found', 'RFC 0211 §D');
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.message).toMatch(/header x-task-scope appears only on the unreadable-task answer/);
    expect(f!.pointer).toBe('/response/headers/x-task-scope');
    expect(exchange(r, 'unreadable-foreign-task').response.status).toBe(exchange(r, 'unreadable-unknown-task').response.status);
  });
});

describe('output formats and exit codes', () => {
  it('stylish prints one row per leg with the verdict and the failing RFC section', async () => {
    const host = await startModelHost({ tokens: TOKENS, sabotage: { envelopeOnMalformed: true } });
    closers.push(host.close);
    const r = await probeCli(['--url', host.base, '--token', TOKENS[0]!], { json: false });
    expect(r.code).toBe(1);
    const rows = r.stdout.split('\n').filter((l) => /^(executed-pass|executed-fail|inapplicable) /.test(l));
    expect(rows.map((l) => l.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'executed-pass a2a-error-data-shape RFC',
      'executed-fail a2a-no-openwop-envelope RFC',
      'executed-pass a2a-version-not-supported-shape RFC',
      'inapplicable a2a-unreadable-not-found RFC',
    ]);
    expect(rows[1]).toMatch(/RFC 0211 §C$/);
    expect(r.stdout).toMatch(/no second principal/);
    expect(r.stdout).toContain(WIRE_RULES.noEnvelope.id);
  });

  it('github prints a notice per leg and an error annotation at the recorded exchange', async () => {
    const host = await startModelHost({ tokens: TOKENS, sabotage: { versionAsInvalidRequest: true } });
    closers.push(host.close);
    const r = await probeCli(['--url', host.base, '--token', TOKENS[0]!, '--format', 'github'], { json: false });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('::notice '))).toHaveLength(4);
    expect(r.stdout).toMatch(/^::error file=[^,]*version-not-supported-99\.json,line=\d+/m);
  });

  it('compact prints one line per finding and no leg table; -q keeps errors only', async () => {
    const host = await startModelHost({ tokens: TOKENS, sabotage: { versionAsInvalidRequest: true } });
    closers.push(host.close);
    const r = await probeCli(['--url', host.base, '--token', TOKENS[0]!, '-f', 'compact', '-q'], { json: false });
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ problems? \(\d+ errors?, 0 warnings\)$/);
    expect(lines.slice(0, -2).every((l) => /^\S+:\d+:\d+: error .* \[[a-z0-9/-]+\]$/.test(l))).toBe(true);
    expect(r.stdout).not.toMatch(/executed-pass|inapplicable/);
  });
});

/**
 * The legs' own rules (probe/<leg>): what a leg expects that the wire checker, judging one answer
 * on its own, allows. Each sabotage is a well-formed answer that is wrong only for that request;
 * its control is the model host's right answer to the same request.
 */
describe("each leg's own rule: a sabotage the wire checker alone lets through, and its control", () => {
  /** The one error finding: the leg's own rule, in the recorded exchange `caseName`, on the response body's line. */
  function ownFinding(r: ProbeCliResult, ruleId: string, caseName: string) {
    const [f, ...rest] = errors(r);
    expect(rest).toEqual([]);
    expect(f!.ruleId).toBe(ruleId);
    expect(recordOf(r, f!.file).case).toBe(caseName);
    expect(f!.pointer).toBe('/response/body');
    expect(f!.line).toBe(responseBodyLine(r, f!.file));
    return f!;
  }

  /** The control: the leg passes and no finding carries the leg's own rule. */
  function clean(r: ProbeCliResult, legId: string): void {
    expect(r.code, r.stderr).toBe(0);
    expect(leg(r, legId).verdict).toBe('executed-pass');
    expect(r.json.findings.filter((f: any) => f.ruleId === `probe/${legId}`)).toEqual([]);
  }

  it('probe/a2a-no-openwop-envelope: malformed JSON refused as -32600 (Invalid Request), not the Parse error', async () => {
    const r = await probeModel({ sabotage: { malformedAsInvalidRequest: true } });
    onlyLegFails(r, 'a2a-no-openwop-envelope', 'RFC 0211 §C');
    const f = ownFinding(r, 'probe/a2a-no-openwop-envelope', 'no-openwop-envelope-malformed-json');
    expect(f.message).toBe('a2a-no-openwop-envelope: malformed JSON-RPC: body /error/code: expected error -32700 (JSON-RPC Parse error), got -32600 "Invalid Request" (RFC 0211 §C)');
    expect(body(recordOf(r, f.file)).error.code).toBe(-32600);
  });

  it('probe/a2a-no-openwop-envelope: control, the same malformed request answered -32700', async () => {
    const r = await probeModel({});
    clean(r, 'a2a-no-openwop-envelope');
    expect(body(exchange(r, 'no-openwop-envelope-malformed-json')).error.code).toBe(-32700);
  });

  it('probe/a2a-version-not-supported-shape: A2A-Version 99.0 refused with a bare 401 though the request carried its credential', async () => {
    const r = await probeModel({ sabotage: { versionAsBare401: true } });
    onlyLegFails(r, 'a2a-version-not-supported-shape', 'RFC 0211 §E');
    const f = ownFinding(r, 'probe/a2a-version-not-supported-shape', 'version-not-supported-99');
    expect(f.message).toBe('a2a-version-not-supported-shape: A2A-Version 99.0: body /: expected error -32009 (VERSION_NOT_SUPPORTED); the answer is not JSON (RFC 0211 §E)');
    const x = recordOf(r, f.file);
    expect(x.request.headers.Authorization).toBeDefined();
    expect([x.response.status, x.response.body]).toEqual([401, '']);
  });

  it('probe/a2a-version-not-supported-shape: control, the same request answered -32009', async () => {
    const r = await probeModel({});
    clean(r, 'a2a-version-not-supported-shape');
    expect(body(exchange(r, 'version-not-supported-99')).error.code).toBe(-32009);
  });

  it("probe/a2a-unreadable-not-found: the second principal reads the first principal's task", async () => {
    const r = await probeModel({ sabotage: { foreignReadable: true } });
    onlyLegFails(r, 'a2a-unreadable-not-found', 'RFC 0211 §D');
    const f = ownFinding(r, 'probe/a2a-unreadable-not-found', 'unreadable-foreign-task');
    expect(f.message).toBe("a2a-unreadable-not-found: another principal's task vs an unknown task: body /result: the second principal read the first principal's task: not an unreadable task at all (RFC 0211 §D)");
    // On the "result" key inside the recorded body string.
    const line = r.recordTexts[f.file.split('/').pop()!]!.split('\n')[f.line - 1]!;
    expect(line.slice(f.column - 1, f.endColumn - 1)).toBe('\\"result\\"');
    expect(body(recordOf(r, f.file)).result.id).toBe(body(exchange(r, 'unreadable-owner-reads-task')).result.id);
  });

  it('probe/a2a-unreadable-not-found: control, the foreign task answered like an unknown one', async () => {
    const r = await probeModel({});
    clean(r, 'a2a-unreadable-not-found');
    expect(body(exchange(r, 'unreadable-foreign-task')).error.code).toBe(-32001);
  });
});
