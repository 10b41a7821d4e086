import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { Request } from 'express';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import type { AgentExecutor, User } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import type { AgentCard } from '@a2a-js/sdk';
import { Role, TaskState } from '@a2a-js/sdk';

export interface SdkHostOptions {
  /** Also list JSONRPC 0.3 on the same URL and turn the SDK's 0.3 compatibility layer on. */
  compat?: boolean;
  /** Bearer token → user name; the card then declares an HTTP bearer scheme. */
  users?: Record<string, string>;
  /** The agent answers with a Message instead of making a task. */
  messageOnly?: boolean;
}

export interface RunningHost {
  base: string;
  close(): Promise<void>;
}

/** The official A2A JavaScript SDK (1.3.0, express 5) on 127.0.0.1 at an ephemeral port. */
export async function startSdkHost(opts: SdkHostOptions = {}): Promise<RunningHost> {
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const iface = (protocolVersion: string) => ({ url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion });
  const secured = !!opts.users;
  const card: AgentCard = {
    name: 'specgate probe target',
    description: 'An agent that finishes every task at once.',
    version: '1.0.0',
    provider: undefined,
    supportedInterfaces: [iface('1.0'), ...(opts.compat ? [iface('0.3')] : [])],
    capabilities: { streaming: false, pushNotifications: false, extensions: [] } as unknown as AgentCard['capabilities'],
    securitySchemes: secured ? { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { description: '', scheme: 'Bearer', bearerFormat: '' } } } } : {},
    securityRequirements: secured ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [],
    signatures: [],
  };
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      if (opts.messageOnly) {
        const reply = { ...ctx.userMessage, messageId: `${ctx.userMessage.messageId}-reply`, role: Role.ROLE_AGENT };
        bus.publish(AgentEvent.message(reply));
      } else {
        bus.publish(
          AgentEvent.task({
            id: ctx.taskId,
            contextId: ctx.contextId,
            status: { state: TaskState.TASK_STATE_COMPLETED, message: undefined, timestamp: undefined },
            history: [ctx.userMessage],
            artifacts: [],
            metadata: undefined,
          }),
        );
      }
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const userBuilder = opts.users ? bearerUsers(opts.users) : UserBuilder.noAuthentication;
  const legacyCompat = opts.compat ? { enabled: true } : undefined;
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler, ...(legacyCompat ? { legacyCompat } : {}) }));
  app.use('/a2a', jsonRpcHandler({ requestHandler: handler, userBuilder, ...(legacyCompat ? { legacyCompat } : {}) }));
  return { base, close: () => closeServer(server) };
}

/** Each known bearer token is one user; the SDK's task store scopes tasks by user name. */
function bearerUsers(users: Record<string, string>) {
  return async (req: Request): Promise<User> => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const name = token !== undefined ? users[token] : undefined;
    return { get isAuthenticated() { return name !== undefined; }, get userName() { return name ?? ''; } };
  };
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
