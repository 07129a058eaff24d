import { LINK_PASSCODE_MAX_LENGTH, LINK_PASSCODE_MIN_DISTINCT, LINK_PASSCODE_MIN_LENGTH } from '@deck/shared/domains/view-links/link-controls';

/**
 * The passcode rule, one for the dialog's check and the server's (docs/decisions.md, *Protected trackable links*):
 * a passcode is the one secret between a protected link and its document, and the guessing limits only slow a
 * guesser down, so it has LINK_PASSCODE_MIN_LENGTH to LINK_PASSCODE_MAX_LENGTH characters, at least
 * LINK_PASSCODE_MIN_DISTINCT different ones, of at least two kinds (letters, digits, anything else). The dialog
 * offers a generated one (generatePasscode) that keeps the rule.
 */

export type PasscodeWeakness = 'length' | 'weak';

/** Why a passcode may not be set, or null when it may. Counts characters as the server does (code points). */
export function passcodeWeakness(passcode: string): PasscodeWeakness | null {
  const characters = [...passcode];
  if (characters.length < LINK_PASSCODE_MIN_LENGTH || characters.length > LINK_PASSCODE_MAX_LENGTH) return 'length';
  if (new Set(characters).size < LINK_PASSCODE_MIN_DISTINCT) return 'weak';
  const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => kind.test(passcode)).length;
  return kinds < 2 ? 'weak' : null;
}

/** Letters and digits that are not read as one another (no l, o, 0, 1): 32 of them, so a random byte picks one evenly. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A passcode to offer the owner: three groups of four (`k7mq-x3pr-9tze`), 60 random bits, easy to read aloud and
 * type; always within the rule.
 */
export function generatePasscode(randomBytes: (length: number) => Uint8Array = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length))): string {
  for (;;) {
    const bytes = randomBytes(GROUPS * GROUP_LENGTH);
    const characters = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]);
    const groups = Array.from({ length: GROUPS }, (_, i) => characters.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
    const passcode = groups.join('-');
    if (passcodeWeakness(passcode) === null) return passcode;
  }
}
