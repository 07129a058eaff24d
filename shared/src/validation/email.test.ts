import fc from 'fast-check';
import { emailProblem, isValidEmail, normalizeEmail } from './email';

const repeat = (character: string, count: number) => character.repeat(count);

/** An address of exactly `length` characters whose parts stay within their own bounds. */
function addressOfLength(length: number): string {
  const parts: string[] = [];
  let remaining = length - 65;
  while (remaining > 63) {
    parts.push(repeat('b', 60));
    remaining -= 61;
  }
  parts.push(repeat('c', remaining));
  return `${repeat('a', 64)}@${parts.join('.')}`;
}

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('alice@example.com')).toBe(true);
    expect(isValidEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isValidEmail("o'brien@example.ie")).toBe(true);
  });

  it('refuses an empty address', () => {
    expect(emailProblem('')).toBe('empty');
  });

  it('accepts a local part of 64 characters and refuses 65', () => {
    expect(isValidEmail(`${repeat('a', 64)}@example.com`)).toBe(true);
    expect(emailProblem(`${repeat('a', 65)}@example.com`)).toBe('local-part-too-long');
  });

  it('accepts a domain label of 63 characters and refuses 64', () => {
    expect(isValidEmail(`gina@${repeat('b', 63)}.com`)).toBe(true);
    expect(emailProblem(`gina@${repeat('b', 64)}.com`)).toBe('domain-label-too-long');
    expect(emailProblem(`gina@example.${repeat('c', 64)}`)).toBe('domain-label-too-long');
  });

  it('accepts 254 characters in all and refuses 255', () => {
    const longest = addressOfLength(254);
    const tooLong = addressOfLength(255);
    expect(longest).toHaveLength(254);
    expect(tooLong).toHaveLength(255);
    expect(isValidEmail(longest)).toBe(true);
    expect(emailProblem(tooLong)).toBe('too-long');
  });

  it.each(['gina', 'gina@', '@example.com', 'gina@example', 'gi na@example.com', 'gina@exa mple.com', 'gina@@example.com', '.gina@example.com', 'gi..na@example.com', 'gina@-example.com', 'gina@example..com', 'gina@example.com.'])(
    'refuses %s, which is not local@domain',
    (address) => {
      expect(emailProblem(address)).toBe('shape');
    },
  );

  it('refuses any address over 254 characters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.integer({ min: 1, max: 40 }), (email, extra) => {
        const padded = `${repeat('x', Math.max(0, 255 - email.length) + extra)}${email}`;
        expect(isValidEmail(padded)).toBe(false);
      }),
    );
  });
});

describe('normalizeEmail', () => {
  it('makes a full-width or other compatibility form the plain address, trimmed and lower-case', () => {
    expect(normalizeEmail('  ＡＬＩＣＥ＠Ｅｘａｍｐｌｅ．ｃｏｍ ')).toBe('alice@example.com');
    expect(normalizeEmail('Bob@Example.COM')).toBe('bob@example.com');
  });

  it.each(['a\u200bnn@example.com', 'ann@exam\u202eple.com', 'ann\u0007@example.com', 'ann@example.com\u00ad', '\u2066ann@example.com', 'ann\ufeff@example.com'])(
    'keeps the invisible character of %j, so the address is refused rather than changed',
    (raw) => {
      expect(normalizeEmail(raw)).not.toBe('ann@example.com');
      expect(isValidEmail(normalizeEmail(raw))).toBe(false);
    },
  );

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (raw) => expect(normalizeEmail(normalizeEmail(raw))).toBe(normalizeEmail(raw))));
  });
});
