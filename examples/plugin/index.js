import { definePlugin } from 'specgate/rules';
import { acceptedRfcListed } from './rules/accepted-rfc-listed.js';
import { statusMatchesHeader } from './rules/status-matches-header.js';
import { noServerBanner } from './rules/no-server-banner.js';
import { breakingChangeNoted } from './rules/breaking-change-noted.js';
import { erratumLineHint } from './rules/erratum-line-hint.js';

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
    // Families beside another command than check: reported by `specgate wire`, `compat` and `errata check|apply`.
    {
      name: 'captures',
      description: 'Captured A2A answers name no server stack.',
      command: 'wire',
      rules: [noServerBanner],
    },
    {
      name: 'release-notes',
      description: 'A breaking change since the base is noted in the changelog.',
      command: 'compat',
      rules: [breakingChangeNoted],
    },
    {
      name: 'errata-notes',
      description: 'Every erratum item names the line it amends.',
      command: 'errata',
      rules: [erratumLineHint],
    },
  ],
});
