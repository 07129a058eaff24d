import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFECTS } from './defects';

/**
 * A seeded defect is one exact replacement (scripts/mutants/defects.ts): when a refactor moves its search text,
 * `npm run test:mutants` cannot apply it. This finds that in `npm test`, on every change, instead of at the end of
 * CI; and a defect whose tests no longer exist could not be caught.
 */
const root = path.resolve(__dirname, '../..');

describe('the seeded defects', () => {
  it.each(DEFECTS.map((defect) => [defect.id, defect] as const))('%s still applies: its search text occurs once in its file', (_id, defect) => {
    const text = readFileSync(path.join(root, defect.file), 'utf8');
    expect(text.split(defect.search).length - 1).toBe(1);
    expect(defect.replace).not.toBe(defect.search);
  });

  it.each(DEFECTS.map((defect) => [defect.id, defect] as const))('%s names tests that exist', (_id, defect) => {
    expect(defect.tests.length).toBeGreaterThan(0);
    for (const test of defect.tests) expect(existsSync(path.join(root, test.path))).toBe(true);
  });

  it('have unique ids', () => {
    expect(new Set(DEFECTS.map((defect) => defect.id)).size).toBe(DEFECTS.length);
  });
});
