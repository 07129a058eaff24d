import { LINK_PASSCODE_MAX_LENGTH } from './link-controls';
import { generatePasscode, passcodeWeakness } from './passcode-strength';

describe('the passcode rule the dialog and the server share', () => {
  it.each([
    ['ab-12', 'length'],
    ['x'.repeat(LINK_PASSCODE_MAX_LENGTH + 1), 'length'],
    ['abcdefgh', 'weak'],
    ['12345678', 'weak'],
    ['aaaa1111', 'weak'],
    ['!!!!????', 'weak'],
    ['tulip-4821', null],
    ['correct horse battery', null],
    ['Śląsk 2026', null],
  ])('%s: %s', (passcode, weakness) => {
    expect(passcodeWeakness(passcode)).toBe(weakness);
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(passcodeWeakness('😀😀😀😀😀123')).toBe('weak');
    expect(passcodeWeakness('😀😀😀😀1234')).toBeNull();
    expect(passcodeWeakness('😀a1b2c3')).toBe('length');
  });

  it('generates passcodes within the rule, from a secure source', () => {
    for (let i = 0; i < 200; i++) expect(passcodeWeakness(generatePasscode())).toBeNull();
    expect(generatePasscode((n) => new Uint8Array(n).map((_, i) => i))).toBe('abcd-efgh-ijkm');
    // A draw that would break the rule (one character repeated) is drawn again.
    const draws = [new Uint8Array(12), new Uint8Array(12).map((_, i) => 31 - i)];
    expect(generatePasscode(() => draws.shift()!)).toBe('9876-5432-zyxw');
  });
});
