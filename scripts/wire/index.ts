/** The RFC 0211 wire checker as a library: see README.md ("Library API"). */
export { judgeExchange, TASK_NOT_FOUND, VERSION_NOT_SUPPORTED } from './judge.js';
export { compareUnreadable, normaliseData, normaliseEntry } from './compare.js';
export type { NormalData, NormalEntry, PairJudgement, PairResult, Side } from './compare.js';
export { identifyA2aError } from './identify.js';
export type { ErrorShape, IdentifiedError } from './identify.js';
export { ErrorTable, errorTableFromMap } from './error-table.js';
export type { ErrorRow } from './error-table.js';
export { loadWireContext } from './context.js';
export { decideScope } from './scope.js';
export type { Scope, ScopeVersion } from './scope.js';
export { cardVersions, parseVersionList } from './card.js';
export { WIRE_RULES, WIRE_RULE_LIST } from './rules.js';
export type { WireRuleInfo } from './rules.js';
export { exchangeFromCapture, CapturePlacer } from './capture.js';
export { verdictTable } from './table.js';
export type { Binding, Exchange, Judgement, MapValueTrace, Section, Verdict, WireContext, WireResult } from './types.js';
export { judgeExample, exampleExchange } from './example.js';
export type { ExampleJudgement } from './example.js';
