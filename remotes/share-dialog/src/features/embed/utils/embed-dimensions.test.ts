import fc from 'fast-check';
import { DEFAULT_EMBED_SIZE, toDimensionDigits, withHeight, withWidth } from './embed-dimensions';

describe('toDimensionDigits', () => {
  it.each([
    ['560', '560'],
    ['5a6b0', '560'],
    ['12345', '1234'],
    ['0560', '560'],
    ['', ''],
    ['px', ''],
    ['-20', '20'],
    ['1.5', '15'],
  ])('keeps the digits of %p as %p', (raw, expected) => {
    expect(toDimensionDigits(raw)).toBe(expected);
  });
});

describe('withWidth', () => {
  it('keeps the 16:9 default pair', () => {
    expect(withWidth('560')).toEqual(DEFAULT_EMBED_SIZE);
  });

  it('rounds the height to the nearest pixel', () => {
    // 100 × 0.5625 = 56.25 → 56; 103 × 0.5625 = 57.9375 → 58
    expect(withWidth('100')).toEqual({ width: '100', height: '56' });
    expect(withWidth('103')).toEqual({ width: '103', height: '58' });
  });

  it('clears both sides when the width is empty or zero', () => {
    expect(withWidth('')).toEqual({ width: '', height: '' });
    expect(withWidth('0')).toEqual({ width: '', height: '' });
    expect(withWidth('000')).toEqual({ width: '', height: '' });
  });

  it('takes at most four digits', () => {
    expect(withWidth('99999')).toEqual({ width: '9999', height: '5624' });
  });
});

describe('withHeight', () => {
  it('keeps the 16:9 default pair', () => {
    expect(withHeight('315')).toEqual(DEFAULT_EMBED_SIZE);
  });

  it('rounds the width to the nearest pixel', () => {
    // 100 × 16/9 = 177.78 → 178
    expect(withHeight('100')).toEqual({ width: '178', height: '100' });
  });

  it('clears both sides when the height is empty or zero', () => {
    expect(withHeight('')).toEqual({ width: '', height: '' });
    expect(withHeight('0')).toEqual({ width: '', height: '' });
  });

  it('keeps the width within four digits by capping the height at 5624', () => {
    expect(withHeight('5624')).toEqual({ width: '9998', height: '5624' });
    expect(withHeight('5625')).toEqual({ width: '9998', height: '5624' });
    expect(withHeight('9999')).toEqual({ width: '9998', height: '5624' });
  });
});

describe('ratio properties', () => {
  const typed = fc.stringMatching(/^[0-9a-z]{0,6}$/);

  it('never produces more than four digits on either side, whichever side is edited', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (raw, editWidth) => {
        const size = editWidth ? withWidth(raw) : withHeight(raw);
        expect(size.width).toMatch(/^\d{0,4}$/);
        expect(size.height).toMatch(/^\d{0,4}$/);
      }),
    );
  });

  it('either clears both sides or fills both with positive numbers', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (raw, editWidth) => {
        const size = editWidth ? withWidth(raw) : withHeight(raw);
        if (size.width === '' || size.height === '') expect(size).toEqual({ width: '', height: '' });
        else {
          expect(Number(size.width)).toBeGreaterThan(0);
          expect(Number(size.height)).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('keeps the pair within rounding of 16:9', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9999 }), fc.boolean(), (value, editWidth) => {
        const size = editWidth ? withWidth(String(value)) : withHeight(String(value));
        const width = Number(size.width);
        const height = Number(size.height);
        if (editWidth) expect(Math.abs(height - (width * 9) / 16)).toBeLessThanOrEqual(0.5);
        else expect(Math.abs(width - (height * 16) / 9)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('keeps the side that was typed as typed (up to the size cap)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (value) => {
        expect(withWidth(String(value)).width).toBe(String(value));
        if (value <= 5624) expect(withHeight(String(value)).height).toBe(String(value));
      }),
    );
  });
});
