import { describe, expect, it } from 'vitest';
import { didYouMean, resetSuggestionBudget, suggestionWork } from '../../scripts/core/base/did-you-mean.js';

/*
 * "Did you mean" compares a name with every known one: thousands of unknown client projections
 * against a registry of thousands of codes asked for their product (617 KB took 104 s). The work
 * is counted here (edit distances computed), never timed.
 */
// The count the module keeps (no module mock: test files share their worker's modules).
const calls = {
  base: 0,
  set n(v: number) {
    this.base = suggestionWork.distances - v;
  },
  get n(): number {
    return suggestionWork.distances - this.base;
  },
};

const code = (i: number) => `CODE_${String(i).padStart(6, '0')}_REGISTERED`;
const unknown = (i: number) => `XODE_${String(i).padStart(6, '0')}_UNKNOWNNAME`;

describe('hostile bounds: did you mean', () => {
  it('3,000 unknown names against 3,000 known ones of the same length compute a bounded number of edit distances', () => {
    const known = Array.from({ length: 3_000 }, (_, i) => code(i));
    resetSuggestionBudget();
    calls.n = 0;
    for (let i = 0; i < 3_000; i++) didYouMean(unknown(i), known);
    // all 9,000,000 pairs before; the run's budget (20,000,000 character pairs) allows about 50,000 of these
    expect(calls.n).toBeLessThanOrEqual(60_000);
  });

  it('names whose lengths differ by more than the distance allowed are not compared; typos are still found', () => {
    resetSuggestionBudget();
    calls.n = 0;
    const known = ['TASK_NOT_FOUND', 'x'.repeat(40), 'y'.repeat(3), ...Array.from({ length: 1_000 }, (_, i) => `${'z'.repeat(60)}${i}`)];
    expect(didYouMean('TASK_NOT_FOUDN', known)).toBe('TASK_NOT_FOUND');
    expect(calls.n).toBe(1);
    expect(didYouMean('q'.repeat(100_000), known)).toBeUndefined();
    expect(calls.n).toBe(1);
  });

  it('a new run gets the budget back (the editor re-checks for hours)', () => {
    const known = Array.from({ length: 3_000 }, (_, i) => code(i));
    resetSuggestionBudget();
    for (let i = 0; i < 3_000; i++) didYouMean(unknown(i), known);
    expect(didYouMean('CODE_000001_REGISTERDE', known)).toBeUndefined();
    resetSuggestionBudget();
    expect(didYouMean('CODE_000001_REGISTERDE', known)).toBe('CODE_000001_REGISTERED');
  });
});
