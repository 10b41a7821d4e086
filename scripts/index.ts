export type { Finding, Severity, CheckResult } from './core/findings.js';

// RFC 0211: the wire checker as a library (README.md, "Library API").
export {
  identifyA2aError,
  judgeExchange,
  compareUnreadable,
  normaliseData,
  loadWireContext,
  errorTableFromMap,
  ErrorTable,
  decideScope,
  cardVersions,
  WIRE_RULES,
  WIRE_RULE_LIST,
} from './wire/index.js';
export type {
  IdentifiedError,
  ErrorShape,
  ErrorRow,
  Exchange,
  Judgement,
  PairJudgement,
  PairResult,
  WireContext,
  WireResult,
  MapValueTrace,
  Verdict,
  Section,
  Scope,
  Binding,
} from './wire/index.js';
