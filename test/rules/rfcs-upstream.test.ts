import { runRuleTests } from '../helpers/rule-tester.js';
import { SUITES } from './rfcs-upstream.cases.js';

for (const suite of SUITES) runRuleTests(suite);
