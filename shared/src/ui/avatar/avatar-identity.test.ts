import fc from 'fast-check';
import { avatarColour, avatarInitials, stableHash } from './avatar-identity';

const palette = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];

describe('avatarInitials', () => {
  it('takes the first letters of first and last name', () => {
    expect(avatarInitials({ first_name: 'alice', last_name: 'Anderson', email: 'x@example.com' })).toBe('AA');
  });

  it('uses one name when only one is known', () => {
    expect(avatarInitials({ first_name: 'Bob', last_name: '', email: 'bob@example.com' })).toBe('B');
  });

  it('falls back to the first letter of the e-mail', () => {
    expect(avatarInitials({ first_name: '', last_name: null, email: 'gina@example.com' })).toBe('G');
  });

  it('is empty with nothing to go on', () => {
    expect(avatarInitials({})).toBe('');
  });
});

describe('avatarColour', () => {
  it('picks the same colour for the same address, whatever its case', () => {
    expect(avatarColour({ email: 'Bob@Example.com' }, palette, 'grey')).toBe(avatarColour({ email: 'bob@example.com' }, palette, 'grey'));
  });

  it('uses the username when there is no e-mail', () => {
    const byUsername = avatarColour({ username: 'dave' }, palette, 'grey');
    expect(byUsername).toBe(palette[stableHash('dave') % 8]);
  });

  it('is grey with neither e-mail nor username', () => {
    expect(avatarColour({ first_name: 'Nobody' }, palette, 'grey')).toBe('grey');
  });

  it('always picks one of the 8 colours for any address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(palette).toContain(avatarColour({ email }, palette, 'grey'));
      }),
    );
  });

  it('spreads addresses over all 8 colours', () => {
    const used = new Set(Array.from({ length: 200 }, (_, index) => avatarColour({ email: `user${index}@example.com` }, palette, 'grey')));
    expect(used.size).toBe(8);
  });
});
