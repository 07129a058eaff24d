import { emailProblem, normalizeEmail } from '@deck/shared/validation/email';

/**
 * The controls a trackable view link can carry beyond the specification (passcode, expiry, allowed viewers) and
 * the end date of a collaborator's access: their limits and the texts of the server's refusals, defined once for
 * the dialog, the recipient's page and the reference server (docs/decisions.md).
 */

/** A passcode is 8 to 64 characters (and strong enough: passcode-strength.ts); the server keeps only a slow hash of it (scrypt). */
export const LINK_PASSCODE_MIN_LENGTH = 8;
export const LINK_PASSCODE_MAX_LENGTH = 64;
/** …of at least this many different characters (and two kinds: passcode-strength.ts). */
export const LINK_PASSCODE_MIN_DISTINCT = 5;

/**
 * A client's attempts at one link's passcode (or code), counted before the compare: one at a time; its first
 * `ownAttempts` follow each other without a wait, each later one comes `firstWaitSeconds` after the last failure,
 * doubling up to `maxWaitSeconds`. A run of attempts ends after `windowSeconds` without one, or with the right answer.
 * No one else's failures touch these (docs/decisions.md, *Protected trackable links*).
 */
export const LINK_UNLOCK_BACKOFF = { ownAttempts: 3, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60, windowSeconds: 15 * 60 } as const;
/**
 * The attempts beyond a client's own (LINK_UNLOCK_BACKOFF.ownAttempts) that one link takes in a window, from all
 * clients together; past it, such attempts wait for the next window. A client within its own attempts, or a browser
 * that has unlocked the link, is never refused by it.
 */
export const LINK_UNLOCK_ATTEMPTS_PER_LINK = { max: 20, windowSeconds: 15 * 60 } as const;
/** Passcode and verification attempts one client (user, address or IPv6 /64) makes in a window, on any link. */
export const LINK_UNLOCK_ATTEMPTS_PER_CLIENT = { max: 10, windowSeconds: 15 * 60 } as const;

/** How long an unlocked (or verified) link stays open in that browser. */
export const LINK_UNLOCK_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Addresses and `*@domain` patterns on one link's allow list. */
export const LINK_ALLOWED_VIEWERS_MAX = 50;
export const LINK_ALLOWED_VIEWER_MAX_LENGTH = 320;
/** Addresses and `@domain` patterns on one block list (a link's, or a team's for all its links), each as long as an allow list's. */
export const LINK_BLOCKED_VIEWERS_MAX = 50;

/**
 * An allow-list entry as it is stored and compared: an e-mail address, or `*@` and a domain, normalised as every
 * address is (normalizeEmail: NFKC, trimmed, lower-case) and valid by the same rule (spec §5); null when it is
 * neither, for the server to refuse (400) rather than keep an entry nobody could match or that reads as another.
 * `@domain` (the syntax of Papermark and DocSend) is the same entry as `*@domain` and is stored so.
 */
export function normalizeAllowListEntry(raw: string): string | null {
  const typed = normalizeEmail(raw);
  const entry = typed.startsWith('@') ? `*${typed}` : typed;
  const pattern = entry.startsWith('*@');
  // A star elsewhere would read as a wildcard it is not (`a*@…` matches only itself).
  if (!pattern && entry.includes('*')) return null;
  return emailProblem(pattern ? `x${entry.slice(1)}` : entry) === null ? entry : null;
}

/**
 * An allow or block list as typed (entries split by spaces, commas or semicolons), one entry per address or
 * pattern, normalised as the server stores it (`@domain` as `*@domain`), without repeats. An entry that is neither
 * stays as typed, for the server to name it in its refusal. The dialog's link lists and the team's block list.
 */
export function parseViewerList(text: string): string[] {
  const entries = text.split(/[\s,;]+/).filter((entry) => normalizeEmail(entry) !== '');
  return [...new Set(entries.map((entry) => normalizeAllowListEntry(entry) ?? entry))];
}

/** The one-time code e-mailed to a viewer of an allow-listed link: six digits, valid this long, this many tries. */
export const LINK_VERIFICATION_CODE_LENGTH = 6;
export const LINK_VERIFICATION_CODE_TTL_SECONDS = 15 * 60;
export const LINK_VERIFICATION_CODE_MAX_TRIES = 5;
/**
 * Code e-mails: per address (on any link), per link and per client, in fixed windows. Asking again while a code is
 * live re-sends that same code (it stays valid); past a limit nothing is sent, and the answer is the same.
 */
export const LINK_CODE_MAILS_PER_ADDRESS = { max: 3, windowSeconds: 15 * 60 } as const;
export const LINK_CODE_MAILS_PER_LINK = { max: 30, windowSeconds: 60 * 60 } as const;
export const LINK_CODE_REQUESTS_PER_CLIENT = { max: 10, windowSeconds: 15 * 60 } as const;

/** A team's maximum expiry for new links, in days, and the longest any expiry may be set ahead. */
export const LINK_EXPIRY_MAX_DAYS = 365;

/** The person whose access ends is e-mailed this many days before the end. */
export const COLLABORATOR_EXPIRY_NOTICE_DAYS = 3;

/** The server's texts for these controls; the client translates them by code (server-message-table.ts). */
export const LINK_CONTROL_MESSAGES = {
  passcodeRequired: 'Enter the passcode to open this link.',
  passcodeWrong: 'That passcode is not right.',
  passcodeLength: `A passcode has ${LINK_PASSCODE_MIN_LENGTH} to ${LINK_PASSCODE_MAX_LENGTH} characters.`,
  passcodeWeak: `Choose a stronger passcode: at least ${LINK_PASSCODE_MIN_DISTINCT} different characters, letters mixed with digits or symbols. Or use a generated one.`,
  passcodeRequiredByTeam: 'Your team requires a passcode on every new link.',
  passcodePaywall: 'Protecting a link with a passcode or an expiry date needs a paid plan.',
  allowListPaywall: 'Limiting a link to certain e-mail addresses needs a Premium or Pro plan.',
  expired: 'This link has expired and no longer gives access.',
  expiryInPast: 'The expiry date must be in the future.',
  expiryTooFar: 'The expiry date may be at most {days} days ahead.',
  expiryRequiredByTeam: 'Your team requires every new link to expire within {days} days.',
  allowListEntry: '“{entry}” is neither an e-mail address nor @ followed by a domain.',
  allowListTooLong: `An allow list holds at most ${LINK_ALLOWED_VIEWERS_MAX} addresses and domains.`,
  blockListTooLong: `A block list holds at most ${LINK_BLOCKED_VIEWERS_MAX} addresses and domains.`,
  viewerBlocked: "This address can't open this link. Ask the person who shared it.",
  severalBroken: "Some of the link's settings need a change: each is said beside its field.",
  verificationNotProtected: 'This link is not limited to certain addresses.',
  verificationRequired: 'Confirm your e-mail address to open this link.',
  verificationWrong: 'That code is not right or has expired. Ask for a new one.',
  tooManyAttempts: 'Too many attempts. Try again later.',
  accessExpiryLevel: "Only a viewer's or a commenter's access can have an end date.",
  accessExpiryInPast: 'The end date must be in the future.',
  accessExpiryOwnerOnly: 'Only the owner of the document can set when access ends.',
} as const;

/** The codes the recipient's page acts on (the body's `code`), beside the translated text. */
export const LINK_LOCK_CODES = {
  passcode: 'LINK_PASSCODE_REQUIRED',
  verification: 'LINK_VERIFICATION_REQUIRED',
  expired: 'LINK_EXPIRED',
} as const;

/** The code of the refusal of a verified address on a block list (403): the page shows it beside the code's field. */
export const LINK_VIEWER_BLOCKED = 'LINK_VIEWER_BLOCKED';

/**
 * Whether an e-mail address (lower-case) is on a list of addresses and `*@domain` patterns: an allow list, or a block
 * list, which takes the same entries.
 */
export function isOnAllowList(email: string, allowList: readonly string[]): boolean {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const domain = address.slice(at + 1);
  return allowList.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*@') ? e.slice(2) === domain : e === address;
  });
}

/** An ISO time as a `datetime-local` input shows it (the viewer's zone, to the minute): link expiry, access end. */
export function toLocalDateTimeInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the viewer's zone) as the ISO time the server takes; null for none or nonsense. */
export function fromLocalDateTimeInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
