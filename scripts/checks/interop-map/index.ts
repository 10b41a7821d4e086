import { interopMapFamily } from './declaration.js';
import type { Family } from '../../core/engine/rule.js';
import { primaryMapFile } from './map-doc.js';
import { clientProjectionRegistered } from './rules/client-projection-registered.js';
import { errorsComplete } from './rules/errors-complete.js';
import { httpBindingMatchesProto } from './rules/http-binding-matches-proto.js';
import { mcpProfilePattern } from './rules/mcp-profile-pattern.js';
import { reasonUpperSnake } from './rules/reason-upper-snake.js';
import { requiresFacetExists } from './rules/requires-facet-exists.js';
import { runStatusEnumMatches } from './rules/run-status-enum-matches.js';
import { schemaRule } from './rules/schema.js';
import { storedStateKnown } from './rules/stored-state-known.js';
import { taskStateDefaultRow } from './rules/task-state-default-row.js';
import { taskStateOverrideUnique } from './rules/task-state-override-unique.js';
import { v2OperationExists } from './rules/v2-operation-exists.js';

/** The interop-map gate: upstream's rules 1–9 and 7a over the map and the corpus it names (RFC 0208 §B, RFC 0211 §A). */
export const family: Family = {
  ...interopMapFamily,
  rules: [
    schemaRule,
    v2OperationExists,
    clientProjectionRegistered,
    runStatusEnumMatches,
    taskStateDefaultRow,
    taskStateOverrideUnique,
    storedStateKnown,
    requiresFacetExists,
    errorsComplete,
    reasonUpperSnake,
    mcpProfilePattern,
    httpBindingMatchesProto,
  ],
  primaryFile: ({ layout, options }) => primaryMapFile(layout, options),
};
