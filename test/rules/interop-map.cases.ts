/*
 * Only for test/rules/wire.cases.ts, which imports editJson from here (its conversion is another
 * branch's): delete with it. The interop-map real-data cases are test/checks/interop-map/upstream-anchors.test.ts.
 */
export { jsonEdit as editJson } from '../helpers/positions.js';
