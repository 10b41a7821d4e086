import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { dict } from '../core/base/dict.js';

/** Resolves a host name to one address (dns.lookup by default; tests pass their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }>;

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname);

export interface ProbeLimits {
  /** Per request, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Every request of a run counts, redirects included. */
  maxRequests: number;
  /** Bytes of one response body; a longer answer is cut off and marked. */
  maxResponseBytes: number;
}

export const DEFAULT_LIMITS: ProbeLimits = { timeoutMs: 10_000, maxRequests: 40, maxResponseBytes: 1024 * 1024 };

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** The exchange's name (its capture's `case`): never sent; a recorded host (a rule's example) answers by it. */
  name?: string;
}

export interface IncomingAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * On an answer past the cap: the body holds CUT_MARGIN bytes more than the cap, and is cut here
   * (in bytes) only after its secrets are redacted (capture.ts), so a secret across the cap is seen whole.
   */
  cutAt?: number;
}

/** Bytes read past the response cap, so a secret written across it is still redacted whole before the cut. */
export const CUT_MARGIN = 64 * 1024;

/** One request and what became of it; `answer` is absent when none arrived. */
export interface HttpOutcome {
  request: OutgoingRequest;
  answer?: IncomingAnswer;
  /** Why there is no (complete) answer: timeout, size cap, network error, refused redirect. */
  problem?: string;
  truncated?: boolean;
}

export class RequestBudgetExceeded extends Error {}

/** What the probe sends through: the HTTP client, or a recorded host that answers from examples (probe/family.ts). */
export type ProbeTransport = Pick<HttpClient, 'send' | 'sendFollowingSameOrigin' | 'requestCount'>;

/**
 * A deliberately small HTTP client: one request at a time, a timeout each, a cap on requests per run
 * and on response size. `send` follows no redirect; `sendFollowingSameOrigin` follows same-origin ones
 * only, so the probe never talks to a host the user did not name.
 */
export class HttpClient {
  private sent = 0;
  /**
   * Each host name is resolved once per run and every request to it goes to that address: a name
   * that resolves elsewhere later (DNS rebinding, after the card was read from the real host) never
   * receives a request, and so never a token. TLS still verifies the certificate for the name.
   */
  private readonly pins = new Map<string, Promise<{ address: string; family: number }>>();

  constructor(
    readonly limits: ProbeLimits,
    private readonly resolve: Resolve = systemResolve,
  ) {}

  /** The address a host name was pinned to in this run (undefined before its first request). */
  async pinnedAddress(hostname: string): Promise<string | undefined> {
    return (await this.pins.get(hostname))?.address;
  }

  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    let pin = this.pins.get(hostname);
    if (!pin) {
      pin = this.resolve(hostname);
      this.pins.set(hostname, pin);
    }
    pin.then(
      ({ address, family }) => (options.all ? (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address, family }]) : callback(null, address, family)),
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };

  get requestCount(): number {
    return this.sent;
  }

  async send(req: OutgoingRequest): Promise<HttpOutcome> {
    if (this.sent >= this.limits.maxRequests) {
      throw new RequestBudgetExceeded(`request cap reached (${this.limits.maxRequests} requests per run)`);
    }
    this.sent++;
    if (req.url.protocol !== 'http:' && req.url.protocol !== 'https:') {
      return { request: req, problem: `unsupported URL scheme ${req.url.protocol}` };
    }
    return new Promise<HttpOutcome>((resolve) => {
      const lib = req.url.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = { ...req.headers };
      if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
      let settled = false;
      const finish = (outcome: HttpOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const r = lib.request(req.url, { method: req.method, headers, agent: false, lookup: this.lookup }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (body: Buffer, cutAt?: number): IncomingAnswer => ({
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headers),
          body: body.toString('utf8'),
          ...(cutAt !== undefined ? { cutAt } : {}),
        });
        const over = () => {
          finish({
            request: req,
            answer: answer(Buffer.concat(chunks), this.limits.maxResponseBytes),
            truncated: true,
            problem: `response body exceeded the cap of ${this.limits.maxResponseBytes} bytes; the connection was closed`,
          });
          res.destroy();
          r.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = this.limits.maxResponseBytes + CUT_MARGIN - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, Math.max(0, room)));
            over();
            return;
          }
          size += chunk.length;
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (size > this.limits.maxResponseBytes) over();
          else finish({ request: req, answer: answer(Buffer.concat(chunks)) });
        });
        res.on('error', (e) => finish({ request: req, problem: `connection failed while reading the answer: ${e.message}` }));
      });
      const timer = setTimeout(() => {
        finish({ request: req, problem: `no complete answer within ${this.limits.timeoutMs} ms` });
        r.destroy();
      }, this.limits.timeoutMs);
      r.on('error', (e) => finish({ request: req, problem: `request failed: ${describeNetError(e)}` }));
      if (req.body !== undefined) r.write(req.body);
      r.end();
    });
  }

  /**
   * Sends a request and follows redirects that stay on the same origin (at most `max`); a redirect
   * to any other origin is reported, never followed. Every hop is returned so it can be recorded.
   */
  async sendFollowingSameOrigin(req: OutgoingRequest, max = 3): Promise<HttpOutcome[]> {
    const hops: HttpOutcome[] = [];
    let current = req;
    for (let i = 0; ; i++) {
      const outcome = await this.send(current);
      hops.push(outcome);
      const a = outcome.answer;
      if (!a || a.status < 300 || a.status > 399 || !a.headers['location']) return hops;
      let next: URL;
      try {
        next = new URL(a.headers['location'], current.url);
      } catch {
        outcome.problem = `redirect to an unreadable location; not followed`;
        return hops;
      }
      if (next.origin !== current.url.origin) {
        outcome.problem = `redirect to another host (${next.origin}); not followed`;
        return hops;
      }
      if (i + 1 >= max) {
        outcome.problem = `more than ${max} redirects; not followed further`;
        return hops;
      }
      current = { ...current, url: next };
    }
  }
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out = dict<string>();
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function describeNetError(e: Error & { code?: string }): string {
  // "connect ECONNREFUSED 127.0.0.1:1" → "ECONNREFUSED connect 127.0.0.1:1" (the code's gap closed).
  return e.code ? `${e.code} ${e.message.replace(` ${e.code}`, '').replace(e.code, '').trim()}`.trim() : e.message;
}
