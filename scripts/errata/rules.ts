import type { RuleMeta } from '../core/rule.js';
import { defineRule } from '../core/rule.js';

/** Every finding the errata command can report, for list output and SARIF rule metadata. */
export const ERRATA_RULES: RuleMeta[] = [
  defineRule({ id: 'errata/not-applied', rfc: 'RFC 0001 §E', description: 'An erratum of an Accepted RFC is not applied to its target document.' }),
  defineRule({ id: 'errata/item-unreadable', rfc: 'RFC 0001 §E', description: 'An errata list item does not have the form `<target> (<path>:<line>), appended: "…"` or `<path> §<section> (:<line>) — replace "…" with "…"`.' }),
  defineRule({ id: 'errata/target-missing', rfc: 'RFC 0001 §E', description: 'The target file of an erratum does not exist.' }),
  defineRule({ id: 'errata/target-ambiguous', rfc: 'RFC 0001 §E', description: 'An abbreviated target path matches more than one file.' }),
  defineRule({ id: 'errata/target-outside-root', rfc: 'RFC 0001 §E', description: 'A target path is absolute, climbs out with `..`, or its real path leaves the repository.' }),
  defineRule({ id: 'errata/target-not-governed', rfc: 'RFC 0001 §E', description: 'A target is not a governed document: under `.git/`, reached through a symlink, not a regular file, not Markdown (`.md`, `.markdown`), or not tracked by git (outside git: not matching the document globs).' }),
  defineRule({ id: 'errata/section-missing', rfc: 'RFC 0001 §E', description: 'The target has no heading, bold label or numbered item the erratum names.' }),
  defineRule({ id: 'errata/section-ambiguous', rfc: 'RFC 0001 §E', description: 'The erratum’s section name matches more than one section of the target.' }),
  defineRule({ id: 'errata/text-ambiguous', rfc: 'RFC 0001 §E', description: 'The old text occurs more than once in the section.' }),
  defineRule({ id: 'errata/text-drift', rfc: 'RFC 0001 §E', description: 'Neither the old nor the new text is in the section: the target drifted from what the erratum quotes.' }),
  defineRule({ id: 'errata/markup-cut', rfc: 'RFC 0001 §E', description: 'The old text starts or ends inside inline markup, so splicing it would break the markup.' }),
  defineRule({ id: 'errata/edits-overlap', rfc: 'RFC 0001 §E', description: 'Two errata of one run edit overlapping text of the same file.' }),
  defineRule({ id: 'errata/verify-failed', rfc: 'RFC 0001 §E', description: 'After splicing, the re-parsed target does not show the erratum applied.' }),
  defineRule({ id: 'errata/line-hint-off', rfc: 'RFC 0001 §E', description: 'The line hint does not point at the text; the section and the quoted text decide (reported, not an error).', defaultSeverity: 'warning' }),
];
