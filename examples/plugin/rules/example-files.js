/*
 * The small repositories the rules' examples are made of (each rule's `examples`, run by
 * `testRule` and shown by `specgate list-rules --format markdown`): an RFC with only what the
 * rules read, its title and the Status row of its header, and the RFC folder's index.
 */

/** An RFC's text: title line and a header table whose Status row is on line 5. */
export const rfc = (number, status) => `# RFC ${number}: Example\n\n| Field | Value |\n| --- | --- |\n| Status | ${status} |\n`;

/** The RFC folder's README.md: its status table, one row per [number, status], the first on line 5. */
export const index = (rows) => `# RFCs\n\n| RFC | Status |\n| --- | --- |\n${rows.map(([number, status]) => `| ${number} | ${status} |\n`).join('')}`;
