import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './sdk-host.js';
import type { RunningHost } from './sdk-host.js';

/** RFC 0211 §Conformance's sabotage column, one switch each; with none set the host is correct. */
export interface Sabotage {
  /** a2a-error-data-shape: `data` is `{ reason }`, `[]`, a camel-case reason, another domain. */
  data?: 'object' | 'empty' | 'camel-reason' | 'wrong-domain';
  /** a2a-error-data-shape: an unknown task is an internal error (-32603), not TaskNotFoundError. */
  unknownAsInternalError?: boolean;
  /** a2a-no-openwop-envelope: the route's error handler answers with `{ error, message }`. */
  envelopeOnMalformed?: boolean;
  envelopeOnUnauthenticated?: boolean;
  /** a2a-version-not-supported-shape: an unserved version is answered -32600 (openwop-app's bug). */
  versionAsInvalidRequest?: boolean;
  /** The §E metadata the version error carries. */
  supportedVersions?: string;
  /** a2a-unreadable-not-found: `metadata.scope: "tenant"` only on another principal's task. */
  scopeOnForeign?: boolean;
  /** a2a-unreadable-not-found: the same body, but this HTTP status on another principal's task. */
  statusOnForeign?: number;
  /** a2a-unreadable-not-found: the same body and status, plus this header on another principal's task. */
  headerOnForeign?: string;
  /** a2a-no-openwop-envelope: malformed JSON is refused in JSON-RPC's shape, but as -32600 (Invalid Request), not -32700. */
  malformedAsInvalidRequest?: boolean;
  /** a2a-version-not-supported-shape: an unserved version is refused with a bare 401, though the request carried its credential. */
  versionAsBare401?: boolean;
  /** a2a-unreadable-not-found: any principal reads any task. */
  foreignReadable?: boolean;
}

export interface ModelHostOptions {
  sabotage?: Sabotage;
  /** Bearer tokens the host accepts; the card then declares security and others get a bare 401. */
  tokens?: string[];
}

const INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

/** A hand-written A2A 1.0 JSON-RPC host in node:http, correct unless told to break a leg. */
export async function startModelHost(opts: ModelHostOptions = {}): Promise<RunningHost & { requests: string[] }> {
  const s = opts.sabotage ?? {};
  const tasks = new Map<string, string>();
  const requests: string[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      const send = (status: number, value?: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, value === undefined ? extra : { 'content-type': 'application/json', ...extra });
        res.end(value === undefined ? '' : JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') {
        return send(200, {
          name: 'model host',
          supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
          ...(opts.tokens ? { securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } }, securityRequirements: [{ schemes: { bearer: { list: [] } } }] } : {}),
        });
      }
      if (req.method !== 'POST' || req.url !== '/rpc') return send(404, { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'no such route' } });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (opts.tokens && !opts.tokens.includes(token ?? '')) {
        return s.envelopeOnUnauthenticated ? send(401, { error: 'unauthenticated', message: 'a credential is required' }) : send(401);
      }
      let call: { id?: unknown; method?: string; params?: { id?: string } };
      try {
        call = JSON.parse(body);
      } catch {
        if (s.malformedAsInvalidRequest) return send(200, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
        return s.envelopeOnMalformed ? send(400, { error: 'validation_error', message: 'the body is not JSON' }) : send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      const id = call.id ?? null;
      const error = (code: number, message: string, data?: unknown, status = 200, extra: Record<string, string> = {}) =>
        send(status, { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } }, extra);
      const version = req.headers['a2a-version'];
      if (version !== undefined && version !== '1.0') {
        if (s.versionAsBare401) return send(401);
        if (s.versionAsInvalidRequest) return error(-32600, 'unsupported A2A-Version', { supportedVersions: ['1.0'] });
        return error(-32009, `A2A-Version ${version} is not served`, [{ '@type': INFO, reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org', ...(s.supportedVersions ? { metadata: { supportedVersions: s.supportedVersions } } : {}) }]);
      }
      const owner = token ?? 'anonymous';
      if (call.method === 'SendMessage') {
        const taskId = randomUUID();
        tasks.set(taskId, owner);
        return send(200, { jsonrpc: '2.0', id, result: { task: { id: taskId, contextId: randomUUID(), status: { state: 'TASK_STATE_COMPLETED' } } } });
      }
      const taskId = String(call.params?.id ?? '');
      const mine = tasks.get(taskId) === owner || (s.foreignReadable === true && tasks.has(taskId));
      if (call.method === 'GetTask' && mine) return send(200, { jsonrpc: '2.0', id, result: { id: taskId, status: { state: 'TASK_STATE_COMPLETED' } } });
      if (call.method === 'CancelTask' && mine) return error(-32002, 'task is terminal', [{ '@type': INFO, reason: 'TASK_NOT_CANCELABLE', domain: 'a2a-protocol.org' }]);
      if (call.method !== 'GetTask' && call.method !== 'CancelTask') return error(-32601, 'method not found');
      const foreign = tasks.has(taskId);
      if (s.unknownAsInternalError && !foreign) return error(-32603, 'internal error');
      const status = foreign && s.statusOnForeign ? s.statusOnForeign : 200;
      const extra: Record<string, string> = foreign && s.headerOnForeign ? { [s.headerOnForeign]: 'tenant' } : {};
      return error(-32001, 'task not found', notFoundData(s, foreign), status, extra);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, close: () => closeServer(server) };
}

function notFoundData(s: Sabotage, foreign: boolean): unknown {
  const info: Record<string, unknown> = { '@type': INFO, reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' };
  if (s.scopeOnForeign && foreign) info.metadata = { scope: 'tenant' };
  switch (s.data) {
    case 'object':
      return { reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' };
    case 'empty':
      return [];
    case 'camel-reason':
      return [{ ...info, reason: 'TaskNotFound' }];
    case 'wrong-domain':
      return [{ ...info, domain: 'openwop.dev' }];
    default:
      return [info];
  }
}
