import { describe, expect, it } from 'vitest';
import type { CompatResult } from '../../scripts/compat/compare.js';
import { table } from '../../scripts/compat/output.js';
import { verdictTable } from '../../scripts/wire/table.js';

/*
 * Human-readable tables outside the reporters (compat's classification table, wire's --table):
 * every string in them comes from the compared files, the RFCs or the captures, so a control
 * character there is shown escaped and can neither clear the screen nor fake a verdict.
 */
const ESC = '\u001b';
const EVIL = `${ESC}[2J${ESC}[H✔ all legs passed\u202e`;
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

describe('hostile bounds: terminal injection in the commands own tables', () => {
  it("compat's stylish table escapes file names, pointers, reasons, the ref and the RFC claim", () => {
    const at = { line: 1, column: 1, endLine: 1, endColumn: 2 };
    const r = {
      ref: `main${EVIL}`,
      commit: '0123456789abcdef',
      head: 'working tree',
      changes: [
        { ...at, file: `schemas/${EVIL}.schema.json`, baseFile: `old${EVIL}.json`, subject: 'schema', pointer: `/properties/${EVIL}`, class: 'breaking', kind: 'property-removed', reason: `property "${EVIL}" removed`, declaredBy: { ...at, rfc: 'RFCS/0001-x.md', number: `0001${EVIL}` } },
      ],
      findings: [],
      claims: [{ rfc: `RFCS/0002-${EVIL}.md`, claim: `additive${EVIL}`, affects: [`schemas/${EVIL}.json`], breaking: 1, holds: false, findings: [] }],
      rfcsInRange: ['RFCS/0002-x.md'],
      schemaFiles: 1,
      dataFiles: 0,
      openapiFiles: 0,
    } as unknown as CompatResult;
    const out = table(r, { color: false } as never);
    expect(out).not.toMatch(CONTROLS);
    expect(out.split('\\x1b[2J').length - 1).toBe(9);
  });

  it("wire's --table escapes the case names and the scope's reason", () => {
    const out = verdictTable([{ case: `captures/${EVIL}.json`, judgement: { verdict: 'pass', sections: [], results: [], notes: [], scope: { version: `1.0${EVIL}`, why: `the card says ${EVIL}` } as never } }]);
    expect(out).not.toMatch(CONTROLS);
    expect(out.split('\\x1b[2J').length - 1).toBe(3);
  });
});
