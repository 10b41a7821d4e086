import { definePlugin } from 'specgate/rules';
import { acceptedRfcListed } from './rules/accepted-rfc-listed.js';
import { statusMatchesHeader } from './rules/status-matches-header.js';

/**
 * A specgate plugin (docs/plugins.md): name it in specgate.config.json, as a path
 * (`"plugins": ["./examples/plugin/index.js"]`) or as an installed package
 * (`"plugins": ["specgate-plugin-example"]`).
 */
export default definePlugin({
  name: 'example',
  families: [
    {
      name: 'changelog',
      description: 'CHANGELOG.md has an entry for every Accepted RFC.',
      needs: ['rfcsDir'],
      // What the pre-commit hook and the editor re-check on.
      inputs: (layout) => ['CHANGELOG.md', `${layout.rfcsDir}/**`],
      rules: [acceptedRfcListed],
      primaryFile: () => 'CHANGELOG.md',
    },
    {
      name: 'rfc-index',
      description: "The status table of the RFC folder's README.md agrees with each RFC's header.",
      needs: ['rfcsDir'],
      inputs: (layout) => [`${layout.rfcsDir}/**`],
      rules: [statusMatchesHeader],
      primaryFile: ({ layout }) => `${layout.rfcsDir}/README.md`,
    },
  ],
});
