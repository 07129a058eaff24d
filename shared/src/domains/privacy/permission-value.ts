import type { Permission, PermissionFlags, PermissionKey, PermissionLimit } from '@deck/shared/api/contract';

const ALLOWED_VALUES = new Set(['ALLOWED', 'ALLOWED_BUT_NO_EFFECT', 'ALLOWED_BUT_NOT_PREFERRED']);

/** Spec §6: a permission counts as allowed when ALLOWED, ALLOWED_BUT_NO_EFFECT or ALLOWED_BUT_NOT_PREFERRED. */
export function isAllowed(permission: Permission | undefined | null): boolean {
  return permission ? ALLOWED_VALUES.has(permission.value) : false;
}

/** Looks a flag up; a missing permissions object (not loaded yet) allows nothing. */
export function flag(flags: PermissionFlags | undefined, key: PermissionKey): Permission | undefined {
  return flags?.[key];
}

export function reachedLimit(permission: Permission | undefined): PermissionLimit | undefined {
  return permission?.limits?.find((limit) => limit.reached);
}
