import { clampProgress, progressOf } from './progress';

describe('clampProgress', () => {
  it.each([
    [-20, 0],
    [0, 0],
    [42.5, 42.5],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
    [-Infinity, 0],
    [Infinity, 100],
  ])('clamps %p to %p', (given, expected) => {
    expect(clampProgress(given)).toBe(expected);
  });
});

describe('progressOf', () => {
  it('is the whole percentage of the work done', () => {
    expect(progressOf(0, 12)).toBe(0);
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(12, 12)).toBe(100);
  });

  it('treats an empty job as done and never exceeds 100', () => {
    expect(progressOf(0, 0)).toBe(100);
    expect(progressOf(5, 4)).toBe(100);
  });
});
