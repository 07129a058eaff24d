import type { IndividualCollaborator, OrganizationCollaborator, SharePermissionsResponse } from '@deck/shared/api/contract';

export class InvalidCollaboratorResponseError extends Error {
  constructor(detail: string) {
    super(`Invalid collaborator response: ${detail}`);
    this.name = 'InvalidCollaboratorResponseError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const PERMISSIONS = new Set(['viewer', 'commenter', 'editor', 'owner', null]);

function checkIndividual(value: unknown, index: number): IndividualCollaborator {
  if (!isRecord(value)) throw new InvalidCollaboratorResponseError(`individual[${index}] is not an object`);
  if (typeof value.email !== 'string') throw new InvalidCollaboratorResponseError(`individual[${index}].email is not a string`);
  if (typeof value.id !== 'number') throw new InvalidCollaboratorResponseError(`individual[${index}].id is not a number`);
  if (!PERMISSIONS.has(value.permission as string | null)) {
    throw new InvalidCollaboratorResponseError(`individual[${index}].permission is ${JSON.stringify(value.permission)}`);
  }
  return value as unknown as IndividualCollaborator;
}

function checkOrganization(value: unknown): OrganizationCollaborator | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || typeof value.organization_name !== 'string') {
    throw new InvalidCollaboratorResponseError('organization is not an organisation collaborator');
  }
  return value as unknown as OrganizationCollaborator;
}

/** Spec §8: an invalid collaborator response shape raises an error (stored as the load's error). */
export function validateSharePermissions(body: unknown): SharePermissionsResponse {
  if (!isRecord(body) || !Array.isArray(body.individual)) throw new InvalidCollaboratorResponseError('no individual list');
  const answer: SharePermissionsResponse = { individual: body.individual.map(checkIndividual), organization: checkOrganization(body.organization) };
  // Paging (docs/api.md): where the next page starts, and on a first page the count of everyone.
  if (body.next_cursor !== undefined) {
    if (body.next_cursor !== null && typeof body.next_cursor !== 'string') throw new InvalidCollaboratorResponseError('next_cursor is not a string');
    answer.next_cursor = body.next_cursor;
  }
  if (body.total_count !== undefined) {
    if (typeof body.total_count !== 'number') throw new InvalidCollaboratorResponseError('total_count is not a number');
    answer.total_count = body.total_count;
  }
  return answer;
}
