import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServer } from './sdk-host.js';
import { startModelHost } from './broken-host.js';
import { exchange, leg, probeCli } from './run-probe.js';

interface RawHost {
  base: string;
  /** "METHOD path" of every request it received. */
  requests: string[];
}

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** A few lines of node:http on 127.0.0.1; `handle` may leave a request unanswered. */
async function rawHost(handle: (req: http.IncomingMessage, res: http.ServerResponse, host: RawHost, body: string) => void): Promise<RawHost> {
  const host: RawHost = { base: '', requests: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      host.requests.push(`${req.method} ${req.url}`);
      handle(req, res, host, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => closeServer(server));
  return host;
}

function card(base: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ name: 'raw', supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }], ...extra });
}

function serveCard(req: http.IncomingMessage, res: http.ServerResponse, host: RawHost): boolean {
  if (req.url !== '/.well-known/agent-card.json') return false;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(card(host.base));
  return true;
}

describe('probe safety: bounded, same-host, no secrets', () => {
  it('a request without an answer times out; its step is inapplicable, never a pass', async () => {
    const host = await rawHost((req, res, h) => {
      serveCard(req, res, h); // and leave every POST hanging
    });
    const r = await probeCli(['--url', host.base, '--timeout', '300']);
    expect(r.stderr).toBe('');
    for (const id of ['a2a-error-data-shape', 'a2a-no-openwop-envelope', 'a2a-version-not-supported-shape']) {
      expect(leg(r, id).verdict).toBe('inapplicable');
    }
    const step = leg(r, 'a2a-error-data-shape').steps[0]!;
    expect(step.detail).toMatch(/no complete answer within 300 ms/);
    const x = exchange(r, 'error-data-shape-GetTask-unknown');
    expect(x.response).toBeNull();
    expect(x.problem).toMatch(/within 300 ms/);
    // Nothing ran, so the run is not green.
    expect(r.code).toBe(1);
    expect(r.json.findings.map((f: any) => f.ruleId)).toEqual(['probe/nothing-executed']);
  });

  it('an agent card that never comes is a one-line error (exit 2) and nothing is recorded', async () => {
    const host = await rawHost(() => {});
    const r = await probeCli(['--url', host.base, '--timeout', '300']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^specgate: cannot read the agent card at .*no complete answer within 300 ms/);
    expect(existsSync(r.recordDir)).toBe(false);
  });

  it('a response larger than the cap is cut off there and marked; its step is inapplicable', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'x'.repeat(3 * 1024 * 1024) } });
    const host = await rawHost((req, res, h) => {
      if (serveCard(req, res, h)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(huge);
    });
    const r = await probeCli(['--url', host.base, '--max-response-bytes', '4096']);
    const x = exchange(r, 'error-data-shape-GetTask-unknown');
    expect(x.truncated).toBe(true);
    expect(Buffer.byteLength(x.response.body)).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(x.response.body)).toBeGreaterThan(0);
    expect(x.problem).toMatch(/exceeded the cap of 4096 bytes/);
    const step = leg(r, 'a2a-error-data-shape').steps[0]!;
    expect(step.verdict).toBe('inapplicable');
    expect(step.detail).toMatch(/cap of 4096 bytes/);
  });

  it('a card redirect to another host is not followed (exit 2), and that host hears nothing', async () => {
    const other = await rawHost((req, res, h) => {
      serveCard(req, res, h);
    });
    const host = await rawHost((_req, res) => {
      res.writeHead(302, { location: `${other.base}/.well-known/agent-card.json` });
      res.end();
    });
    const r = await probeCli(['--url', host.base]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`redirect to another host (${other.base}); not followed`);
    expect(host.requests).toEqual(['GET /.well-known/agent-card.json']);
    expect(other.requests).toEqual([]);
  });

  it('a card redirect on the same host is followed (control)', async () => {
    const host = await rawHost((req, res, h) => {
      if (req.url === '/.well-known/agent-card.json') {
        res.writeHead(301, { location: '/cards/agent.json' });
        res.end();
      } else if (req.url === '/cards/agent.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(card(h.base));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32700, message: 'Parse error' } }));
      }
    });
    const r = await probeCli(['--url', host.base]);
    expect(r.stderr).toBe('');
    expect(host.requests.slice(0, 2)).toEqual(['GET /.well-known/agent-card.json', 'GET /cards/agent.json']);
    expect(exchange(r, 'agent-card-redirect-1').response.status).toBe(200);
    expect(leg(r, 'a2a-no-openwop-envelope').verdict).toBe('executed-pass');
  });

  it('an interface the card places on another host is not probed', async () => {
    const other = await rawHost(() => {});
    const host = await rawHost((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(card(other.base));
    });
    const r = await probeCli(['--url', host.base]);
    expect(r.code).toBe(1);
    expect(other.requests).toEqual([]);
    for (const l of r.json.legs) {
      expect(l.verdict).toBe('inapplicable');
      expect(l.steps[0].detail).toMatch(/on another host/);
    }
  });

  it('a POST answered with a redirect is judged as it is, not followed', async () => {
    const other = await rawHost(() => {});
    const host = await rawHost((req, res, h) => {
      if (serveCard(req, res, h)) return;
      res.writeHead(307, { location: `${other.base}/rpc` });
      res.end();
    });
    const r = await probeCli(['--url', host.base]);
    expect(other.requests).toEqual([]);
    expect(exchange(r, 'no-openwop-envelope-malformed-json').response.status).toBe(307);
    expect(leg(r, 'a2a-no-openwop-envelope').verdict).toBe('executed-fail');
  });

  it('the request cap holds: the host sees no more than --max-requests, the rest is inapplicable', async () => {
    const host = await startModelHost();
    closers.push(host.close);
    const r = await probeCli(['--url', host.base, '--max-requests', '3']);
    expect(host.requests.length).toBe(3);
    expect(r.json.probe.requests).toBe(3);
    const details = r.json.legs.flatMap((l: any) => l.steps.map((s: any) => s.detail)).join('\n');
    expect(details).toMatch(/request cap reached \(3 requests per run\)/);
    expect(leg(r, 'a2a-version-not-supported-shape').verdict).toBe('inapplicable');
  });

  it('a token the host echoes back is printed and recorded nowhere', async () => {
    const secret = 'sk-live-0123456789abcdef';
    const host = await rawHost((req, res, h) => {
      if (serveCard(req, res, h)) return;
      const auth = String(req.headers.authorization ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo-auth': auth });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: `no task for ${auth}`, data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', metadata: { caller: auth } }] } }));
    });
    for (const json of [true, false]) {
      const r = await probeCli(['--url', host.base, '--token', secret], { json });
      expect(r.stdout.length).toBeGreaterThan(0);
      expect(r.stdout).not.toContain(secret);
      expect(r.stderr).not.toContain(secret);
      expect(Object.keys(r.recordTexts).length).toBeGreaterThan(3);
      for (const text of Object.values(r.recordTexts)) expect(text).not.toContain(secret);
      const x = exchange(r, 'error-data-shape-GetTask-unknown');
      expect(x.request.headers.Authorization).toBe('Bearer <redacted>');
      expect(x.response.headers['x-echo-auth']).toBe('Bearer <redacted>');
      expect(x.response.body).toContain('Bearer <redacted>');
    }
    // Given through the environment, the token is just as absent.
    const r = await probeCli(['--url', host.base], { env: { SPECGATE_PROBE_TOKEN: secret } });
    expect(exchange(r, 'error-data-shape-GetTask-unknown').request.headers.Authorization).toBe('Bearer <redacted>');
    expect(r.stdout + r.stderr + Object.values(r.recordTexts).join('')).not.toContain(secret);
  });
});

describe('probe usage errors (exit 2, one line)', () => {
  it.each([
    [[], /--url URL is required/],
    [['--url', 'ftp://127.0.0.1/'], /must be an http\(s\) URL/],
    [['--url', 'http://u:p@127.0.0.1/'], /must not carry credentials/],
    [['--url', 'http://127.0.0.1:9/', '--token', 'same', '--foreign-token', 'same'], /another principal/],
    [['--url', 'http://127.0.0.1:9/', '--timeout', '0'], /--timeout must be a positive integer/],
    [['--url', 'http://127.0.0.1:9/', '--format', 'xml'], /unknown format/],
  ])('%j', async (args, why) => {
    const r = await probeCli(args as string[], { json: false, record: false });
    expect(r.code).toBe(2);
    // One line of its own; a missing --url (how the command was called) is followed by a pointer to its usage.
    const [line, pointer, ...rest] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(why);
    // …followed by where its usage is, never the usage itself.
    if (pointer !== undefined) expect(pointer).toBe('run "specgate probe --help" for its usage');
    expect(rest).toEqual([]);
    expect(r.stdout).toBe('');
  });
});
