import { VIEWER_NAME_MAX_LENGTH } from '@deck/shared/domains/view-links/recipient-contract';
import { isValidEmail } from '@deck/shared/validation/email';

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
