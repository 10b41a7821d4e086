import { describe, expect, it } from 'vitest';
import { dateFormat, isDateFormat } from '../../../scripts/core/preset/date-format.js';

/* A process's date format: read, compared as a date, written. */

describe('date formats', () => {
  it('names the year, month and day once each', () => {
    expect(['YYYY-MM-DD', 'DD.MM.YYYY', 'YYYY/MM/DD', 'MM/DD/YYYY'].map(isDateFormat)).toEqual([true, true, true, true]);
    expect(['YYYY-MM', 'YYYY-MM-DD-DD', 'DD.MM.YY', ''].map(isDateFormat)).toEqual([false, false, false, false]);
    expect(() => dateFormat('YYYY-MM')).toThrow(/YYYY, MM and DD once each/);
  });

  it('reads a calendar date in its format as YYYY-MM-DD, and nothing else', () => {
    const iso = dateFormat('YYYY-MM-DD');
    expect(['2026-03-01', '2024-02-29', '2026-02-29', '2026-13-01', '2026-3-1', ' 2026-03-01', '2026-03-01x'].map((d) => iso.iso(d))).toEqual(['2026-03-01', '2024-02-29', undefined, undefined, undefined, undefined, undefined]);
    const eu = dateFormat('DD.MM.YYYY');
    // A `.` of the format is a dot, not any character.
    expect(['01.03.2026', '01x03x2026', '31.04.2026'].map((d) => eu.iso(d))).toEqual(['2026-03-01', undefined, undefined]);
    expect(new RegExp(`^${eu.source}$`).test('01.03.2026')).toBe(true);
  });

  it('writes a date in its format', () => {
    expect(dateFormat('DD.MM.YYYY').write(2026, 3, 1)).toBe('01.03.2026');
    expect(dateFormat('YYYY/MM/DD').write(987, 12, 31)).toBe('0987/12/31');
  });
});
