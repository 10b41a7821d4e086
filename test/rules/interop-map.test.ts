import { runRuleTests } from '../helpers/rule-tester.js';
import { SUITES } from './interop-map.cases.js';

for (const suite of SUITES) runRuleTests(suite);
