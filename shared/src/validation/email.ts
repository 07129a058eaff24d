/** Spec §5 bounds of the e-mail check. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_DOMAIN_LABEL_MAX_LENGTH = 63;

export type EmailProblem = 'empty' | 'too-long' | 'local-part-too-long' | 'domain-label-too-long' | 'shape';

// The characters RFC 5322 allows unquoted in a local part (the set HTML's e-mail input accepts).
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Why an address is not valid, or null when it is. An address is local@domain; the domain has
 * at least two labels (an invitation to a host without a top-level domain cannot arrive).
 */
export function emailProblem(address: string): EmailProblem | null {
  if (address.length === 0) return 'empty';
  if (address.length > EMAIL_MAX_LENGTH) return 'too-long';
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return 'shape';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH) return 'local-part-too-long';
  const labels = domain.split('.');
  if (labels.some((label) => label.length > EMAIL_DOMAIN_LABEL_MAX_LENGTH)) return 'domain-label-too-long';
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return 'shape';
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return 'shape';
  return null;
}

export function isValidEmail(address: string): boolean {
  return emailProblem(address) === null;
}

/**
 * An address as the product stores and compares it (invitations, collaborators, allow lists, sign-in): NFKC first,
 * so a full-width or other compatibility form becomes the plain character it stands for (`ａｌｉｃｅ＠…` is
 * `alice@…`), then trimmed and lower-cased. Nothing is dropped: a control, zero-width, bidirectional or other format
 * character stays and makes the address fail `emailProblem`, so what is refused is never silently changed into a
 * different address.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase();
}
