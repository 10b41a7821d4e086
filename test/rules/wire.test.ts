import { runRuleTests } from '../helpers/rule-tester.js';
import { SUITES } from './wire.cases.js';

for (const suite of SUITES) runRuleTests(suite);
