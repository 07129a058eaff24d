interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string; results: Array<{ error?: { message?: string } }> }> }>;
}

export interface PlaywrightReport {
  stats: { expected: number; flaky: number; unexpected: number };
  suites: PlaywrightSuite[];
}

// The reporter's colour codes.
// eslint-disable-next-line no-control-regex -- an escape character is what is matched
const COLOUR_CODE = /\u001b\[[0-9;]*m/g;

/**
 * Each failed test of a Playwright JSON report as one line: where it is, its title, and the start of its last
 * error on one line. `npm test` prints them above its summary, because CI shows only a run's last lines.
 */
export function failedBrowserTests(report: PlaywrightReport, maxMessage = 600): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const message = (test.results.at(-1)?.error?.message ?? '').replace(COLOUR_CODE, '').replace(/\s+/g, ' ').trim();
        lines.push(`${spec.file}:${spec.line} ${spec.title}: ${message.slice(0, maxMessage)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return lines;
}
