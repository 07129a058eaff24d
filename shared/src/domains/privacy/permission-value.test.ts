import type { PermissionValue } from '../../api/contract';
import { isAllowed, reachedLimit } from './permission-value';

describe('isAllowed', () => {
  it.each<[PermissionValue, boolean]>([
    ['ALLOWED', true],
    ['ALLOWED_BUT_NO_EFFECT', true],
    ['ALLOWED_BUT_NOT_PREFERRED', true],
    ['NOT_ALLOWED', false],
    ['NOT_ALLOWED_WITH_CURRENT_FEATURES', false],
    ['NOT_ALLOWED_LIMIT_REACHED', false],
    ['NOT_ALLOWED_IN_ORG', false],
    ['NOT_POSSIBLE', false],
  ])('%s counts as allowed: %s', (value, expected) => {
    expect(isAllowed({ value })).toBe(expected);
  });

  it('allows nothing before the permissions are known', () => {
    expect(isAllowed(undefined)).toBe(false);
  });
});

describe('reachedLimit', () => {
  it('finds the limit that was reached', () => {
    const limit = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };
    expect(
      reachedLimit({ value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [{ ...limit, code: 'FREE_USER_GENERIC_LIMIT', reached: false }, limit] }),
    ).toBe(limit);
    expect(reachedLimit({ value: 'ALLOWED' })).toBeUndefined();
  });
});
