/** Refusals of the per-user permission routes (a catalogue, as permissions/messages.ts). */
export const PERMISSION_ROUTE_MESSAGES = {
  /** Spec §8's 404 for the per-user routes: the user is unknown, or has no access to the document. */
  documentOrUserNotFound: 'Document or user not found',
} as const;
