import { VIEWER_NAME_MAX_LENGTH } from '@deck/shared/domains/view-links/recipient-contract';

export interface ViewerIdentity {
  name: string;
  email: string;
}

export type NameProblem = 'empty' | 'too-long';
export type EmailProblem = 'empty' | 'invalid';

export interface IdentityProblems {
  name: NameProblem | null;
  email: EmailProblem | null;
}

const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
const DOMAIN_LABEL_MAX_LENGTH = 63;
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Spec §5's standard e-mail check (the server applies the same): not longer than 254, local part
 * at most 64, each domain label at most 63, local@domain with a dotted domain.
 */
export function isValidEmail(address: string): boolean {
  if (!address || address.length > EMAIL_MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return labels.length >= 2 && labels.every((label) => label.length <= DOMAIN_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label));
}

/** What is wrong with a viewer's name and e-mail, field by field (spaces around them do not count). */
export function identityProblems(identity: ViewerIdentity): IdentityProblems {
  const name = identity.name.trim();
  const email = identity.email.trim();
  return {
    name: !name ? 'empty' : Array.from(name).length > VIEWER_NAME_MAX_LENGTH ? 'too-long' : null,
    email: !email ? 'empty' : isValidEmail(email) ? null : 'invalid',
  };
}

export function isIdentityValid(problems: IdentityProblems): boolean {
  return problems.name === null && problems.email === null;
}
