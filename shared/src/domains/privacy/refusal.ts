import type { PermissionKey, PermissionLimit, PermissionValue, UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed, reachedLimit } from '@deck/shared/domains/privacy/permission-value';

/**
 * What the server decided about one action of the user's (spec §6), as the controls show it: allowed, or
 * refused with the permission value and the stable code of the server's reason (`permission_reason_codes`,
 * docs/api.md, Message codes). Controls pick their spec §8 title and text from the code; they never work a
 * reason out again from the document's state.
 */
export type Decision =
  | { allowed: true }
  | {
      allowed: false;
      value: PermissionValue;
      /** The code of the server's reason; null from a server that sent none. */
      code: string | null;
      /** The server's reason in English, for a code this client does not know. */
      message: string | null;
      /** The limit reached, when the refusal is a limit. */
      limit: PermissionLimit | null;
    };

type Decided = Pick<UnifiedPrivacy, 'permissions' | 'permission_reasons' | 'permission_reason_codes'>;

/** The server's decision on `key`; refused (NOT_ALLOWED, no code) while the permissions are not loaded. */
export function decisionOf(privacy: Decided | null | undefined, key: PermissionKey): Decision {
  const permission = privacy?.permissions?.[key];
  if (isAllowed(permission)) return { allowed: true };
  return {
    allowed: false,
    value: permission?.value ?? 'NOT_ALLOWED',
    code: privacy?.permission_reason_codes?.[key] ?? null,
    message: privacy?.permission_reasons?.[key] ?? null,
    limit: reachedLimit(permission) ?? null,
  };
}
