import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor, REDACTED } from '../../scripts/probe/capture.js';
import { DEFAULT_LIMITS, HttpClient } from '../../scripts/probe/http-client.js';

const TOKEN = 'tok/en"with\\quote-0123';

describe('hostile bounds: probe token redaction', () => {
  const r = new Redactor([TOKEN]);
  const esc = (s: string) => JSON.stringify(s).slice(1, -1);
  const uEsc = (s: string, upper: boolean) => [...s].map((c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')[upper ? 'toUpperCase' : 'toLowerCase']()).join('');
  it.each([
    ['raw', TOKEN],
    ['JSON-escaped', esc(TOKEN)],
    ['with \\/ for /', esc(TOKEN).replace(/\//g, '\\/')],
    ['\\u-escaped, lower case', uEsc(TOKEN, false)],
    ['\\u-escaped, upper case', uEsc(TOKEN, true)],
    ['inside an escaped string', esc(JSON.stringify({ echo: TOKEN }))],
    ['\\u-escaped inside an escaped string', esc(`{"echo":"${uEsc(TOKEN, false)}"}`)],
  ])('removes the token written %s', (_name, spelled) => {
    const out = r.text(`before ${spelled} after`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain('0123');
  });

  const nest = (s: string, depth: number): string => (depth === 0 ? s : nest(esc(s), depth - 1));
  it.each([3, 4, 5])('removes the token in a JSON document escaped %i more times (escaping depth is handled generically, up to MAX_ESCAPE_RUN)', (depth) => {
    const out = r.text(`before ${nest(JSON.stringify({ echo: TOKEN }), depth)} after`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain('0123');
  });

  it('removes a percent-encoded echo (upper and lower hex, also encoded twice) from a header of a record', () => {
    const pct = encodeURIComponent(TOKEN);
    const headers = r.headers({ 'x-echo': `pct=${pct}`, 'x-lower': `pct=${pct.toLowerCase()}`, 'x-twice': encodeURIComponent(pct), 'x-all': [...TOKEN].map((c) => '%' + c.charCodeAt(0).toString(16)).join('') });
    for (const v of Object.values(headers)) {
      expect(v).toContain(REDACTED);
      expect(v).not.toContain('0123');
      expect(v).not.toMatch(/%30%31%32%33/i);
    }
    // clean control: percent-encoding of other text stays
    expect(r.text('a%2Fb%22c')).toBe('a%2Fb%22c');
  });

  it('redaction is bounded on hostile text: megabytes of backslashes and near-misses finish', () => {
    const near = TOKEN.slice(0, -1);
    const text = '\\'.repeat(1 << 20) + esc(near).repeat(20_000) + nest(TOKEN, 5);
    const out = r.text(text);
    expect(out.endsWith(REDACTED)).toBe(true);
    // The backslashes are kept; the near-misses are runs of the token of FRAGMENT characters and more
    // (issue 35: a token split across fields), so they go too, as one stretch.
    expect(out.startsWith('\\'.repeat((1 << 20) - 1))).toBe(true);
    expect(out.length).toBeLessThanOrEqual((1 << 20) + 2 * REDACTED.length);
  });

  it('a report serialised after redaction still carries no spelling of it (--format json stdout)', () => {
    const report = JSON.stringify({ message: `host echoed ${TOKEN}` });
    expect(r.text(report)).not.toContain('0123');
  });

  it('clean control: text without the token is unchanged', () => {
    expect(r.text('tok/en and 0123 apart, "quoted" \\u0041')).toBe('tok/en and 0123 apart, "quoted" \\u0041');
  });
});

describe('hostile bounds: DNS rebinding', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers.length = 0;
  });

  it('a host name is resolved once and every request of the run goes to that address', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.end('{}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // The attacker's resolver answers the real address first, then an address of its own.
    const answers = ['127.0.0.1', '203.0.113.7'];
    let lookups = 0;
    const client = new HttpClient({ ...DEFAULT_LIMITS, timeoutMs: 2000 }, async () => ({ address: answers[Math.min(lookups++, 1)]!, family: 4 }));
    const url = new URL(`http://rebind.example.test:${port}/`);
    for (let i = 0; i < 3; i++) {
      const out = await client.send({ method: 'POST', url, headers: { Authorization: 'Bearer secret' }, body: '{}' });
      expect(out.problem).toBeUndefined();
      expect(out.answer?.status).toBe(200);
    }
    expect(lookups).toBe(1);
    expect(seen).toEqual(['Bearer secret', 'Bearer secret', 'Bearer secret']);
    expect(await client.pinnedAddress('rebind.example.test')).toBe('127.0.0.1');
  });
});
