import { runRuleTests } from '../helpers/rule-tester.js';
import { SUITES } from './invariants.cases.js';

for (const suite of SUITES) runRuleTests(suite);
