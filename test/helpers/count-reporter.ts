import type { Reporter, TestModule } from 'vitest/node';

/** Prints the plain closing line CI reads, "N passed, N failed", last; skipped tests are counted on the line before. */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    process.stdout.write(`\n${skipped ? `${skipped} skipped\n` : ''}${passed} passed, ${failed} failed\n`);
  }
}
