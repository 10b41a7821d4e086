import type { Family } from '../../core/rule.js';

export const family: Family = {
  name: 'interop-map',
  description: 'TODO',
  rules: [],
  primaryFile: ({ layout }) => layout.interopMap,
};
