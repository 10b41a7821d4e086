import type { Family } from '../../core/rule.js';

export const family: Family = {
  name: 'rfcs',
  description: 'TODO',
  rules: [],
  primaryFile: ({ layout }) => layout.interopMap,
};
