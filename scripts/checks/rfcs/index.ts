import { rfcsFamily } from './declaration.js';
import type { Family } from '../../core/engine/rule.js';
import { acceptanceBoxes } from './rules/acceptance-boxes.js';
import { affectsPathsExist } from './rules/affects-paths-exist.js';
import { citationLinked } from './rules/citation-linked.js';
import { citedRfcExists } from './rules/cited-rfc-exists.js';
import { citedSectionExists } from './rules/cited-section-exists.js';
import { datesValid, updatedNewestFirst } from './rules/dates-valid.js';
import { headerTable } from './rules/header-table.js';
import { numberMatches } from './rules/number-matches.js';
import { requiredSections } from './rules/required-sections.js';
import { statusDocumentCurrent } from './rules/status-document-current.js';
import { rowValues } from './rules/row-values.js';
import { statusKnown } from './rules/status-known.js';
import { supersedesReciprocal } from './rules/supersedes-reciprocal.js';
import { titleRowMatches } from './rules/title-row-matches.js';
import { unresolvedBeforeActive } from './rules/unresolved-before-active.js';

export const family: Family = {
  ...rfcsFamily,
  rules: [
    headerTable,
    requiredSections,
    titleRowMatches,
    numberMatches,
    statusKnown,
    rowValues,
    datesValid,
    updatedNewestFirst,
    supersedesReciprocal,
    affectsPathsExist,
    acceptanceBoxes,
    unresolvedBeforeActive,
    citedSectionExists,
    statusDocumentCurrent,
    citedRfcExists,
    citationLinked,
  ],
  primaryFile: ({ layout }) => layout.rfcsDir,
};
