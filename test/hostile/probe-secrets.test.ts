import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodedForms, Redactor } from '../../scripts/probe/capture.js';
import { closeServer } from '../probe/sdk-host.js';
import { exchange, probeCli } from '../probe/run-probe.js';

/*
 * Secrets in the probe's output (issue 28, point 7): a host that echoes the token in base64,
 * base64url or hex got it into --record files and the report; a token placed across the 1 MiB
 * answer cut leaked all but its last character; the table cuts a step's detail at 240 characters.
 * Redaction now matches the encoded forms and runs before every cut.
 */

/** '>>>' and '???' make a '+' and a '/' in base64, so base64url differs from it. */
const TOKEN = 'sk-live-0123456789abcdef>>>???xyz';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function host(answer: (auth: string) => string): Promise<string> {
  let base = '';
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/.well-known/agent-card.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'echo', supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer(String(req.headers.authorization ?? '').replace(/^Bearer /, '')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => closeServer(server));
  return base;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');
const hex = (s: string) => Buffer.from(s).toString('hex');

/** What must appear nowhere: the token, each of its encodings, and those of `Bearer <token>`. */
const LEAKS = [TOKEN, b64(TOKEN), b64url(TOKEN), hex(TOKEN), hex(TOKEN).toUpperCase(), b64(`Bearer ${TOKEN}`).slice(10, 40), b64(`{"t":"${TOKEN}"}`).slice(8, 40)];

const errorAnswer = (message: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message, data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }] } });

describe('probe: encoded echoes of the token', () => {
  it('base64, base64url and hex echoes (alone, inside a longer encoded text, JSON-escaped) are recorded and printed nowhere', async () => {
    const base = await host((auth) =>
      errorAnswer(`b64 ${b64(auth)} url ${b64url(auth)} hex ${hex(auth)} HEX ${hex(auth).toUpperCase()} bearer ${b64(`Bearer ${auth}`)} json ${b64(`{"t":"${auth}"}`)}`),
    );
    for (const json of [true, false]) {
      const r = await probeCli(['--url', base, '--token', TOKEN], { json });
      const everything = r.stdout + r.stderr + Object.values(r.recordTexts).join('');
      for (const leak of LEAKS) expect(everything, leak).not.toContain(leak);
      // JSON-escaped in a record (a '/' written '\/') is no way around it either
      for (const leak of LEAKS) expect(everything.replace(/\\\//g, '/'), leak).not.toContain(leak);
      expect(exchange(r, 'error-data-shape-GetTask-unknown').response.body).toContain('b64 <redacted>');
    }
  });

  it('every alignment inside a longer base64 text is matched (unit)', () => {
    const redactor = new Redactor([TOKEN]);
    for (let before = 0; before < 6; before++) {
      for (let after = 0; after < 4; after++) {
        for (const enc of [b64, b64url]) {
          const text = enc('x'.repeat(before) + TOKEN + 'y'.repeat(after));
          const out = redactor.text(text);
          expect(out, `${before}/${after}`).toContain('<redacted>');
          // What is left of the token's encoding is at most the two characters at each edge it shares with its neighbours.
          expect(out.replace('<redacted>', '').length, `${before}/${after}`).toBeLessThanOrEqual(text.length - (encodedForms(TOKEN).at(-1)!.length - 2));
        }
      }
    }
    // a short secret has no encoded form short enough to hit ordinary text
    expect(encodedForms('ab')).toEqual(['ab', '6162', '6162']);
  });
});

describe('probe: redaction before every cut', () => {
  it('a token placed across the answer cap is not kept as a prefix in the record or the report', async () => {
    const CAP = 4096;
    for (const shift of [1, 8, 20, TOKEN.length - 1]) {
      const base = await host((auth) => {
        const head = '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"';
        return head + 'x'.repeat(CAP - head.length - shift) + auth + 'z'.repeat(4 * CAP) + '"}}';
      });
      const r = await probeCli(['--url', base, '--token', TOKEN, '--max-response-bytes', String(CAP)], { json: true });
      const x = exchange(r, 'error-data-shape-GetTask-unknown');
      expect(x.truncated).toBe(true);
      expect(Buffer.byteLength(x.response.body)).toBeLessThanOrEqual(CAP);
      const everything = r.stdout + r.stderr + Object.values(r.recordTexts).join('');
      // The cut falls `shift` characters into the token: what it would keep is gone, whole.
      expect(x.response.body.endsWith(TOKEN.slice(0, shift)), `shift ${shift}`).toBe(false);
      expect(x.response.body.endsWith('x'), `shift ${shift}`).toBe(false);
      if (shift >= 8) expect(everything, `shift ${shift}`).not.toContain(TOKEN.slice(0, shift));
    }
  });

  it("a step's detail cut for the table never keeps a token's prefix", async () => {
    for (const pad of [200, 215, 225, 235]) {
      const base = await host((auth) => errorAnswer('m'.repeat(pad) + auth));
      const r = await probeCli(['--url', base, '--token', TOKEN], { json: false });
      const everything = r.stdout + r.stderr;
      expect(everything, `pad ${pad}`).not.toContain(TOKEN.slice(0, 8));
    }
  });
});
