export type { Finding, Severity, CheckResult } from './core/model/findings.js';

// RFC 0211: the wire checker as a library.
export { identifyA2aError } from './wire/identify.js';
export type { IdentifiedError, ErrorShape } from './wire/identify.js';
export { judgeExchange } from './wire/judge.js';
export { compareUnreadable, normaliseData } from './wire/compare.js';
export type { PairJudgement, PairResult } from './wire/compare.js';
export { loadWireContext } from './wire/context.js';
export { errorTableFromMap, ErrorTable } from './wire/error-table.js';
export type { ErrorRow } from './wire/error-table.js';
export { decideScope } from './wire/scope.js';
export type { Scope } from './wire/scope.js';
export { cardVersions } from './wire/card.js';
export { WIRE_RULES, WIRE_RULE_LIST } from './wire/rules.js';
export type { Exchange, Judgement, WireContext, WireResult, MapValueTrace, Verdict, Section, Binding } from './wire/types.js';
