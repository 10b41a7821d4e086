import type { Family } from '../../core/rule.js';

export const family: Family = {
  name: 'wire-examples',
  description: 'TODO',
  rules: [],
  primaryFile: ({ layout }) => layout.interopMap,
};
