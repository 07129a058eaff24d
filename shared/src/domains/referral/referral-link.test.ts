import fc from 'fast-check';
import { referralInvitationLink } from './referral-link';

describe('referralInvitationLink', () => {
  it('adds the link token as referral_token', () => {
    expect(referralInvitationLink({ invitation_link: 'https://deck.example/signup/', tokens: { ln: 'ln-123', email: 'em-456' } })).toBe(
      'https://deck.example/signup/?referral_token=ln-123',
    );
  });

  it('keeps the query the link already has and replaces a stale token', () => {
    const link = new URL(
      referralInvitationLink({
        invitation_link: 'https://deck.example/signup/?utm_source=invite&referral_token=old',
        tokens: { ln: 'new', email: 'x' },
      }),
    );
    expect(link.searchParams.get('utm_source')).toBe('invite');
    expect(link.searchParams.getAll('referral_token')).toEqual(['new']);
  });

  it('resolves a relative invitation link on the page origin', () => {
    expect(referralInvitationLink({ invitation_link: '/signup/', tokens: { ln: 'abc', email: 'x' } }, 'http://localhost:8080')).toBe(
      'http://localhost:8080/signup/?referral_token=abc',
    );
  });

  it('carries any token intact', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        const link = new URL(referralInvitationLink({ invitation_link: '/signup/', tokens: { ln: token, email: '' } }, 'http://localhost'));
        expect(link.searchParams.get('referral_token')).toBe(token);
      }),
    );
  });
});
