import type { CollaboratorPermission } from '@deck/shared/api/contract';

/** Wire types of access requests (docs/api.md 'Access requests'). */

/** The longest message a requester may add. */
export const ACCESS_REQUEST_MESSAGE_MAX = 500;

/** POST /api/v4/presentation/:oid/access-request/ */
export interface AccessRequestBody {
  message?: string;
}

/** The requester's own pending request (POST answers it; GET answers it or null). */
export interface MyAccessRequest {
  id: number;
  status: 'pending';
  message: string | null;
  created_at: string;
}

export interface MyAccessRequestResponse {
  request: MyAccessRequest | null;
}

/** One pending request as the people who manage the document's collaborators see it. */
export interface PendingAccessRequest {
  id: number;
  requester: { name: string; email: string };
  message: string | null;
  created_at: string;
}

/** GET …/access-requests/, and the answer of approve and deny (the list after the decision). */
export interface PendingAccessRequestsResponse {
  results: PendingAccessRequest[];
}

/** POST …/access-requests/:requestId/approve/ */
export interface ApproveAccessRequestBody {
  permission: CollaboratorPermission;
}
