import { identityProblems, isIdentityValid, isValidEmail } from './viewer-identity';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('vera@example.com')).toBe(true);
    expect(isValidEmail('vera.v+deck@mail.example.co.uk')).toBe(true);
  });

  it('refuses the shapes spec §5 calls invalid, at their bounds', () => {
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('vera')).toBe(false);
    expect(isValidEmail('vera@')).toBe(false);
    expect(isValidEmail('@example.com')).toBe(false);
    expect(isValidEmail('vera@localhost')).toBe(false);
    expect(isValidEmail(`${'v'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'v'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`vera@${'d'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`vera@${'d'.repeat(64)}.com`)).toBe(false);
    const domain = (last: number) => `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(last)}`;
    const at254 = `${'a'.repeat(64)}@${domain(61)}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@${domain(62)}`)).toBe(false);
  });
});

describe('identityProblems', () => {
  it('needs a name and a valid e-mail', () => {
    expect(identityProblems({ name: '', email: '' })).toEqual({ name: 'empty', email: 'empty' });
    expect(identityProblems({ name: '   ', email: 'vera' })).toEqual({ name: 'empty', email: 'invalid' });
    expect(identityProblems({ name: 'V'.repeat(101), email: 'vera@example.com' })).toEqual({ name: 'too-long', email: null });
  });

  it('accepts a name and an e-mail with spaces around them', () => {
    const problems = identityProblems({ name: '  Vera Viewer ', email: ' vera@example.com ' });
    expect(problems).toEqual({ name: null, email: null });
    expect(isIdentityValid(problems)).toBe(true);
  });
});
