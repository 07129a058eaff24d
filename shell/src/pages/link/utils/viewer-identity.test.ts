import { identityProblems, isIdentityValid } from './viewer-identity';

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
