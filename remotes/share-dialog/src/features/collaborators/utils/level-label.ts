import type { IntlShape } from 'react-intl';
import type { PermissionLevel } from '@deck/shared/api/contract';
import { collaboratorsMessages as m } from '../messages';

const LABELS = {
  owner: m.owner,
  can_edit: m.canEdit,
  can_comment: m.canComment,
  can_view: m.canView,
  // Presenting counts as viewing in this dialog (see permission-levels.ts).
  can_present: m.canView,
  no_access: m.noAccess,
} as const;

export function levelLabel(intl: IntlShape, level: PermissionLevel): string {
  return intl.formatMessage(LABELS[level]);
}
