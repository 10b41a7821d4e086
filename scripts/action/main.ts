// The action's entry point (action.yml runs node_modules/specgate/dist/scripts/action/main.js).
import { runAction } from './run.js';

void runAction().then((code) => {
  process.exitCode = code;
});
