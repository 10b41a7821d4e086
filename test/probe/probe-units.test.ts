import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../scripts/probe/capture.js';
import { readCard } from '../../scripts/probe/card.js';
import { legVerdict } from '../../scripts/probe/legs.js';
import type { StepResult } from '../../scripts/probe/legs.js';
import { PROJECT, tempDir } from '../helpers/env.js';
import { startModelHost } from './broken-host.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './sdk-host.js';
import { leg, probeCli } from './run-probe.js';

const CARD_URL = new URL('http://127.0.0.1:1/.well-known/agent-card.json');
const iface = (protocolBinding: string, protocolVersion: string, url = 'http://127.0.0.1:1/a2a') => ({ url, protocolBinding, protocolVersion });

describe('readCard', () => {
  it('finds the JSONRPC interface at 1.0 among others, and the versions offered at its path', () => {
    const f = readCard({ supportedInterfaces: [iface('HTTP+JSON', '1.0', 'http://127.0.0.1:1/rest'), iface('JSONRPC', '0.3'), iface('JSONRPC', '1.0')] }, CARD_URL);
    expect(f.jsonRpc10?.href).toBe('http://127.0.0.1:1/a2a');
    expect(f.interfaceVersions.sort()).toEqual(['0.3', '1.0']);
    expect(f.declaresSecurity).toBe(false);
  });

  it('takes a 1.0 patch release as 1.0', () => {
    expect(readCard({ supportedInterfaces: [iface('JSONRPC', '1.0.1')] }, CARD_URL).jsonRpc10).toBeDefined();
  });

  it('says why when there is no JSONRPC 1.0 interface', () => {
    expect(readCard({ supportedInterfaces: [iface('JSONRPC', '0.3'), iface('GRPC', '1.0')] }, CARD_URL).noInterfaceReason).toMatch(/no JSONRPC interface at protocolVersion 1\.0 \(it lists: JSONRPC 0\.3, GRPC 1\.0\)/);
    expect(readCard({ url: 'http://x/', protocolVersion: '0.3' }, CARD_URL).noInterfaceReason).toMatch(/0\.3 card/);
  });

  it('sees security in 1.0 and 0.3 field names, and none in empty ones', () => {
    const base = { supportedInterfaces: [iface('JSONRPC', '1.0')] };
    expect(readCard({ ...base, securityRequirements: [{ schemes: { b: { list: [] } } }] }, CARD_URL).declaresSecurity).toBe(true);
    expect(readCard({ ...base, security: [{ bearer: [] }] }, CARD_URL).declaresSecurity).toBe(true);
    expect(readCard({ ...base, securitySchemes: {}, securityRequirements: [] }, CARD_URL).declaresSecurity).toBe(false);
  });

  it('refuses a card that is not an object', () => {
    expect(() => readCard([], CARD_URL)).toThrow(/not a JSON object/);
  });
});

describe('Redactor', () => {
  it('keeps the scheme of an Authorization header and removes every occurrence of a secret elsewhere', () => {
    const r = new Redactor(['abc123', undefined, 'abc123-long']);
    expect(r.headers({ Authorization: 'Bearer abc123', 'X-Echo': 'token=abc123-long;abc123' })).toEqual({ Authorization: 'Bearer <redacted>', 'X-Echo': 'token=<redacted>;<redacted>' });
    expect(r.text('no secret here')).toBe('no secret here');
  });
});

describe('legVerdict', () => {
  const step = (verdict: StepResult['verdict']): StepResult => ({ name: 's', verdict, detail: '', captures: [], problems: [] });
  it('fails on any failed step, passes only when a step ran, and is otherwise inapplicable', () => {
    expect(legVerdict([step('executed-pass'), step('executed-fail')])).toBe('executed-fail');
    expect(legVerdict([step('inapplicable'), step('executed-pass')])).toBe('executed-pass');
    expect(legVerdict([step('inapplicable'), step('inapplicable')])).toBe('inapplicable');
    expect(legVerdict([])).toBe('inapplicable');
  });
});

describe('probe runs that witness nothing', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c()));
  });

  it('a card with no JSONRPC 1.0 interface: every leg inapplicable, a finding, exit 1', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'old', url: 'http://127.0.0.1/a2a', protocolVersion: '0.3', supportedInterfaces: [{ url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => closeServer(server));
    const r = await probeCli(['--url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`]);
    expect(r.code).toBe(1);
    for (const id of ['a2a-error-data-shape', 'a2a-no-openwop-envelope', 'a2a-version-not-supported-shape', 'a2a-unreadable-not-found']) {
      expect(leg(r, id).verdict).toBe('inapplicable');
      expect(leg(r, id).steps[0]!.detail).toMatch(/no JSONRPC interface at protocolVersion 1\.0/);
    }
    expect(r.json.findings).toHaveLength(1);
    expect(r.json.findings[0]).toMatchObject({ ruleId: 'probe/nothing-executed', severity: 'error' });
    expect(r.json.findings[0].message).toMatch(/RFC 0211 §Conformance/);
  });

  it('a corpus without its interop map stops the run before the host hears a thing (exit 2)', async () => {
    const host = await startModelHost();
    closers.push(host.close);
    const root = tempDir();
    cpSync(path.join(PROJECT, 'schemas'), path.join(root, 'schemas'), { recursive: true });
    writeFileSync(path.join(root, 'package.json'), '{}\n');
    const r = await probeCli(['--url', host.base, '--root', root], { json: false });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^specgate: .* has no interop map spec\/v2\/interop-map\.json, which the "specgate" preset expects/);
    expect(host.requests).toEqual([]);
  });
});

describe('a network error, as the probe words it', () => {
  it('a refused connection names the code once, without the gap it leaves in the message', async () => {
    const { HttpClient, DEFAULT_LIMITS } = await import('../../scripts/probe/http-client.js');
    // A port nothing listens on: a server started and closed again.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const outcome = await new HttpClient(DEFAULT_LIMITS).send({ method: 'GET', url: new URL(`http://127.0.0.1:${port}/`), headers: {} });
    expect(outcome.problem).toBe(`request failed: ECONNREFUSED connect 127.0.0.1:${port}`);
  });
});
