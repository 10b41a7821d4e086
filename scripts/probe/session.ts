import { randomUUID } from 'node:crypto';
import type { Capture, Redactor } from './capture.js';
import { toCapture } from './capture.js';
import type { CardFacts } from './card.js';
import type { HttpOutcome, OutgoingRequest, ProbeTransport } from './http-client.js';
import type { WireContext } from '../wire/types.js';

export interface Principals {
  /** The caller's bearer token (--token); absent: calls go unauthenticated. */
  token?: string;
  /** A second principal's token (--foreign-token). */
  foreignToken?: string;
}

export interface RpcCall {
  method?: string;
  params?: unknown;
  /** A body sent verbatim instead of a JSON-RPC request built from method and params. */
  rawBody?: string;
  /** `null` sends no Authorization header; a string sends that token; absent sends --token. */
  token?: string | null;
  /** The A2A-Version header; 1.0 unless given. */
  version?: string;
}

export interface RpcResult {
  /** Index of the exchange in the session's captures. */
  index: number;
  capture: Capture;
  outcome: HttpOutcome;
  /** The parsed JSON body, when it was JSON. */
  json?: unknown;
}

/** The state of one probe run: where to send, who is calling, and every exchange so far. */
export class ProbeSession {
  readonly captures: Capture[] = [];
  private nextId = 1;

  constructor(
    readonly client: ProbeTransport,
    readonly redactor: Redactor,
    readonly facts: CardFacts,
    readonly iface: URL,
    /** The wire checker's context, with the card's versions for this interface. */
    readonly wire: WireContext,
    readonly principals: Principals,
    readonly tool: string,
  ) {}

  record(name: string, description: string, outcome: HttpOutcome): { index: number; capture: Capture } {
    const capture = toCapture(name, description, outcome, this.redactor, this.tool);
    this.captures.push(capture);
    return { index: this.captures.length - 1, capture };
  }

  async rpc(name: string, description: string, call: RpcCall): Promise<RpcResult> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', 'A2A-Version': call.version ?? '1.0' };
    const token = call.token === undefined ? this.principals.token : call.token;
    if (token) headers['Authorization'] = `Bearer ${token}`;
    const body = call.rawBody ?? JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method: call.method, params: call.params ?? {} });
    const req: OutgoingRequest = { method: 'POST', url: this.iface, headers, body, name };
    const outcome = await this.client.send(req);
    const { index, capture } = this.record(name, description, outcome);
    let json: unknown;
    if (outcome.answer && !outcome.truncated) {
      try {
        json = JSON.parse(outcome.answer.body);
      } catch {
        json = undefined;
      }
    }
    return { index, capture, outcome, json };
  }

  /** A task id no host has seen. */
  unknownTaskId(): string {
    return `specgate-probe-unknown-${randomUUID()}`;
  }
}
