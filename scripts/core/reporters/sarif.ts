import type { Reporter } from './types.js';

/** Placeholder until the SARIF reporter lands (issue: the gates). */
export const sarif: Reporter = () => {
  throw new Error('the sarif reporter is not implemented yet');
};
