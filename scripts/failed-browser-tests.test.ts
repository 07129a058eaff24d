import { failedBrowserTests, type PlaywrightReport } from './failed-browser-tests';

const spec = (title: string, status: string, message?: string) => ({
  title,
  file: 'e2e/a.spec.ts',
  line: 7,
  tests: [{ status, results: [{ error: message === undefined ? undefined : { message } }] }],
});

describe('failedBrowserTests', () => {
  it('names each unexpected test, in nested suites, with the start of its error on one line and without colour codes', () => {
    const report: PlaywrightReport = {
      stats: { expected: 1, flaky: 1, unexpected: 1 },
      suites: [
        {
          specs: [spec('passes', 'expected'), spec('was flaky', 'flaky', 'first try failed')],
          suites: [{ specs: [spec('finds a contrast violation', 'unexpected', '\u001b[31mexpect(found).toEqual([])\u001b[39m\n\n  - Expected\n  + Received  color-contrast')] }],
        },
      ],
    };
    expect(failedBrowserTests(report)).toEqual(['e2e/a.spec.ts:7 finds a contrast violation: expect(found).toEqual([]) - Expected + Received color-contrast']);
    expect(failedBrowserTests(report, 10)).toEqual(['e2e/a.spec.ts:7 finds a contrast violation: expect(fou']);
  });
});
