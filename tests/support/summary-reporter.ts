import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "Tests: N passed, N failed[, N skipped]", after vitest's
 * own summary, grouped by suite kind first so the RLS matrix and e2e results are named.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const groups = new Map<string, { passed: number; failed: number; skipped: number }>();
    const total = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of testModules) {
      const file = mod.moduleId.replace(process.cwd() + '/', '');
      const group = file.startsWith('e2e/')
        ? 'end-to-end (Chromium)'
        : file.includes('rls-matrix')
          ? 'RLS matrix'
          : file.startsWith('tests/db/')
            ? 'database'
            : file.startsWith('tests/api/')
              ? 'API conformance'
              : file.startsWith('tests/booking/')
                ? 'booking and payments'
                : 'unit';
      const counts = groups.get(group) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        const key = state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped';
        counts[key]++;
        total[key]++;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) {
        counts.failed++;
        total.failed++;
      }
      groups.set(group, counts);
    }
    console.log('');
    for (const [group, c] of [...groups].sort()) {
      console.log(`  - ${group}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
    }
    console.log(`Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  }
}
