import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FRAGMENT, Redactor } from '../../scripts/probe/capture.js';
import { closeServer } from '../probe/sdk-host.js';
import { probeCli } from '../probe/run-probe.js';

/*
 * Issue 35, point 5: a host that echoes the probe token in a transformed spelling got it recorded
 * and printed. The spellings redacted (docs/limits.md): case changed (upper, lower, swapped),
 * reversed, percent-encoded, JSON-escaped, as HTML character references, as \xHH and \u{H}
 * escapes, base64/base64url/hex (issue 28), and split across fields in pieces of at least
 * FRAGMENT characters.
 */

const TOKEN = 'sk-live-0123456789abcdef>>>???xyz';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

const swapCase = (s: string) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const reverse = (s: string) => [...s].reverse().join('');

/** Each spelling a hostile host echoes, by name. */
function spellings(t: string): Record<string, string> {
  return {
    upper: t.toUpperCase(),
    lower: t.toLowerCase(),
    swapped: swapCase(t),
    reversed: reverse(t),
    'reversed upper': reverse(t).toUpperCase(),
    'url-encoded': encodeURIComponent(t),
    'url-encoded twice': encodeURIComponent(encodeURIComponent(t)),
    'json-escaped': JSON.stringify(JSON.stringify(t)),
    'json \\u': [...t].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    'html decimal': [...t].map((c) => `&#${c.codePointAt(0)};`).join(''),
    'html hex': [...t].map((c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`).join(''),
    '\\x escapes': [...t].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join(''),
    '\\u{} escapes': [...t].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join(''),
    base64: Buffer.from(t).toString('base64'),
  };
}

/** A host whose every JSON-RPC answer echoes the bearer token in every spelling, and split across two fields and a header. */
async function hostileHost(): Promise<string> {
  let base = '';
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/.well-known/agent-card.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'echo', supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] }));
        return;
      }
      const auth = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const said = Object.entries(spellings(auth)).map(([name, s]) => `${name}=[${s}]`).join(' ');
      const half = Math.floor(auth.length / 2);
      const third = Math.floor(auth.length / 3);
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': reverse(auth), 'x-head': auth.slice(0, half) });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32001, message: said, data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org', metadata: { a: auth.slice(0, half), b: auth.slice(half), p1: auth.slice(0, third), p2: auth.slice(third, 2 * third), p3: auth.slice(2 * third) } }] },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => closeServer(server));
  return base;
}

/** Every run of FRAGMENT characters of the token, in either case: none may be left anywhere. */
function fragmentLeaks(text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i + FRAGMENT <= TOKEN.length; i++) {
    const piece = TOKEN.slice(i, i + FRAGMENT).toLowerCase();
    if (lower.includes(piece) || lower.includes(reverse(piece))) out.push(piece);
  }
  return out;
}

describe('probe: a hostile host echoes the token in transformed spellings', () => {
  it('none is recorded or printed (json and stylish, records, stderr)', async () => {
    const base = await hostileHost();
    for (const json of [true, false]) {
      const r = await probeCli(['--url', base, '--token', TOKEN], { json });
      const everything = r.stdout + r.stderr + Object.values(r.recordTexts).join('');
      expect(Object.keys(r.recordTexts).length).toBeGreaterThan(0);
      for (const [name, leak] of Object.entries(spellings(TOKEN))) expect(everything, name).not.toContain(leak);
      // What the JSON of a record escapes once more (`\\`, `\/`, `\"`) is no way around it either.
      const unescaped = Object.values(r.recordTexts).map((t) => JSON.stringify(JSON.parse(t), null, 0)).join('') + r.stdout;
      expect(fragmentLeaks(everything), 'a piece of the token').toEqual([]);
      expect(fragmentLeaks(unescaped.replace(/\\\\/g, '\\').replace(/\\"/g, '"')), 'a piece of the token, unescaped').toEqual([]);
      // The host's words around the spellings are kept: the redaction is of the token only.
      expect(everything).toContain('reversed=[<redacted>]');
    }
  });

  it('clean control: text that only resembles the token is kept; pieces shorter than FRAGMENT are not matched', () => {
    const r = new Redactor([TOKEN]);
    const ordinary = 'sk-live is a piece of 7 characters; 0123456 too; abcdef> as well';
    expect(r.text(ordinary)).toBe(ordinary);
    for (const [name, s] of Object.entries(spellings(TOKEN))) {
      const out = r.text(`<${s}>`);
      expect(out, name).toContain('<redacted>');
      expect(out.replace(/^<"?(\\")?/, '').replace(/(\\")?"?>$/, ''), name).toBe('<redacted>');
    }
    expect(r.text(`a=${TOKEN.slice(0, FRAGMENT)}`)).toBe('a=<redacted>');
  });
});
