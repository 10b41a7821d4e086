import type { Family } from '../../core/rule.js';

export const family: Family = {
  name: 'invariants',
  description: 'TODO',
  rules: [],
  primaryFile: ({ layout }) => layout.interopMap,
};
