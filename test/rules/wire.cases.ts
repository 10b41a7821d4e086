import { Corpus } from '../../scripts/core/corpus.js';
import { applySeverities } from '../../scripts/core/engine.js';
import { presetLayout } from '../../scripts/core/layout.js';
import { loadWireContext } from '../../scripts/wire/context.js';
import { WIRE_COMMAND_RULES } from '../../scripts/wire/rules.js';
import { PROJECT } from '../helpers/env.js';
import type { RuleSuite } from '../helpers/rule-tester.js';
import { positionOf } from '../helpers/rule-tester.js';
import { editJson } from './interop-map.cases.js';

/*
 * The wire judge's inputs (the interop map's error table, the §A/§B schemas), as `specgate wire`
 * and the probe load them. The judging rules themselves are tested on exchanges in test/wire/.
 */

const MAP = 'spec/v2/interop-map.json';

export const SUITES: RuleSuite[] = [
  {
    name: 'wire input rules: the error table',
    base: PROJECT,
    run: async (source) => applySeverities((await loadWireContext(new Corpus(source, presetLayout('specgate')))).findings, WIRE_COMMAND_RULES),
    valid: [{ name: 'the map as it is' }],
    invalid: [
      {
        name: 'a row without an integer jsonrpc code is skipped, and said so at the row',
        files: { [MAP]: editJson((m) => void (m.a2a.errors.find((e: any) => e.upstream === 'TaskNotFoundError').jsonrpc = 'x')) },
        errors: [
          {
            ruleId: 'wire/error-table',
            file: MAP,
            message: 'a2a.errors row without a string "upstream" and an integer "jsonrpc"',
            where: (t) => {
              const { line } = positionOf(t(MAP), '"upstream": "TaskNotFoundError"');
              return { line: line - 1 };
            },
          },
        ],
      },
    ],
  },
];
