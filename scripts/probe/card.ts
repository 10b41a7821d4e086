import { cardVersions } from '../wire/card.js';
import { isObject } from '../core/base/json-object.js';

/** What the probe needs from an agent card. */
export interface CardFacts {
  /** The parsed card, as served. */
  card: Record<string, unknown>;
  /** The JSONRPC interface at protocolVersion 1.0, when the card lists one. */
  jsonRpc10?: URL;
  /** Why there is no usable JSONRPC 1.0 interface, when there is none. */
  noInterfaceReason?: string;
  /** The versions the card offers on the chosen interface's path (the wire checker's reading; §E may name only these). */
  interfaceVersions: string[];
  /** Every protocolVersion the card lists. */
  cardVersions: string[];
  /** The card declares security (schemes or requirements, 1.0 or 0.3 field names). */
  declaresSecurity: boolean;
}

interface InterfaceEntry {
  url?: unknown;
  protocolBinding?: unknown;
  protocolVersion?: unknown;
}

/** The interface versions a 1.0 JSON-RPC interface may carry: 1.0 and its patch releases. */
const V10 = /^1\.0(\.\d+)?$/;

export function readCard(card: unknown, cardUrl: URL): CardFacts {
  if (!isObject(card)) throw new Error('the agent card is not a JSON object');
  const entries = Array.isArray(card.supportedInterfaces) ? (card.supportedInterfaces as unknown[]).filter(isObject) as InterfaceEntry[] : [];
  const allVersions = unique(entries.map((e) => e.protocolVersion).filter((v): v is string => typeof v === 'string'));
  const facts: CardFacts = { card, interfaceVersions: [], cardVersions: allVersions, declaresSecurity: declaresSecurity(card) };
  if (entries.length === 0) {
    facts.noInterfaceReason = 'the card has no supportedInterfaces[] (an A2A 0.3 card): RFC 0211 §A–§D bind only 1.0 interfaces';
    return facts;
  }
  const chosen = entries.find((e) => e.protocolBinding === 'JSONRPC' && typeof e.protocolVersion === 'string' && V10.test(e.protocolVersion));
  if (!chosen) {
    const listed = entries.map((e) => `${String(e.protocolBinding)} ${String(e.protocolVersion)}`).join(', ');
    facts.noInterfaceReason = `the card lists no JSONRPC interface at protocolVersion 1.0 (it lists: ${listed}); RFC 0211 §A–§D bind only 1.0 interfaces`;
    return facts;
  }
  let url: URL;
  try {
    url = new URL(String(chosen.url), cardUrl);
  } catch {
    facts.noInterfaceReason = `the card's JSONRPC 1.0 interface has an unreadable url (${JSON.stringify(chosen.url)})`;
    return facts;
  }
  facts.jsonRpc10 = url;
  facts.interfaceVersions = cardVersions(card, url.pathname);
  return facts;
}

function declaresSecurity(card: Record<string, unknown>): boolean {
  const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 : isObject(v) ? Object.keys(v).length > 0 : false);
  return nonEmpty(card.securityRequirements) || nonEmpty(card.security) || nonEmpty(card.securitySchemes);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
