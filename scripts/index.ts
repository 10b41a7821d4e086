export type { Finding, Severity, CheckResult } from './core/findings.js';
