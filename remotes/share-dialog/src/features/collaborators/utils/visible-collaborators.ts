import type { IndividualCollaborator } from '@deck/shared/api/contract';

function order(collaborator: IndividualCollaborator): number {
  if (collaborator.is_owner || collaborator.permission === 'owner') return 0;
  if (collaborator.is_current_user) return 1;
  if (collaborator.pending_invite) return 3;
  return 2;
}

/**
 * Spec §2: collaborators at no access are not listed. The owner comes first, then the current
 * user, then everyone else in the server's order, then pending invitations.
 */
export function visibleCollaborators(individuals: readonly IndividualCollaborator[], filter = ''): IndividualCollaborator[] {
  const needle = filter.trim().toLowerCase();
  return individuals
    .filter((collaborator) => collaborator.permission !== null)
    .filter((collaborator) => !needle || collaborator.name.toLowerCase().includes(needle) || collaborator.email.toLowerCase().includes(needle))
    .map((collaborator, index) => ({ collaborator, index }))
    .sort((a, b) => order(a.collaborator) - order(b.collaborator) || a.index - b.index)
    .map(({ collaborator }) => collaborator);
}
