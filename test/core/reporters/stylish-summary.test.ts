import { describe, expect, it } from 'vitest';
import { stylish } from '../../../scripts/core/reporters/stylish.js';
import { sampleEnv, sampleResult } from '../../gates/findings-fixture.js';

/** Issue 34 §7: the closing lines of stylish never contradict each other. */
describe('stylish summary', () => {
  it('a red run with nothing fixable says ✖ N problems and never ✔ no problems after it', () => {
    const out = stylish(sampleResult(), sampleEnv('/repo'));
    expect(out).toMatch(/^✖ 3 problems \(2 errors, 1 warning\)$/m);
    expect(out).not.toContain('no problems');
  });

  it('a warnings-only run: ✖ with the warning count, and no "no problems" either', () => {
    const result = sampleResult();
    result.findings = result.findings.filter((f) => f.severity === 'warning');
    const out = stylish(result, sampleEnv('/repo'));
    expect(out).toMatch(/^✖ 1 problem \(0 errors, 1 warning\)$/m);
    expect(out).not.toContain('no problems');
  });

  it('a clean run says ✔ no problems', () => {
    const result = sampleResult();
    result.findings = [];
    expect(stylish(result, sampleEnv('/repo'))).toMatch(/^✔ no problems$/m);
  });
});
