import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ActivityEntry, ActivityState } from '@deck/shared/domains/sharing-activity/activity-contract';
import { activityMessages as m } from './activity-messages';

/** The level words of collaborators, team grants and folder roles, as the log records them. */
const LEVELS: Record<string, MessageDescriptor> = {
  viewer: m.levelViewer,
  commenter: m.levelCommenter,
  editor: m.levelEditor,
  can_view: m.levelViewer,
  can_comment: m.levelCommenter,
  can_edit: m.levelEditor,
  VIEWER: m.levelViewer,
  EDITOR: m.levelEditor,
  OWNER: m.levelOwner,
};

const valueOf = (state: ActivityState | null, key: string) => (state ? (state[key] ?? null) : null);

function level(intl: IntlShape, value: string | boolean | null): string {
  const message = typeof value === 'string' ? LEVELS[value] : undefined;
  return message ? intl.formatMessage(message) : String(value ?? '');
}

/**
 * One log entry as a sentence: who did what, to whom, from what to what ("Alice Anderson changed
 * dave@example.com from viewer to commenter"). A privacy change that moved several settings says each.
 */
export function activitySentence(intl: IntlShape, entry: ActivityEntry): string {
  const actor = entry.actor?.name || intl.formatMessage(m.removedAccount);
  const subject = entry.subject ?? '';
  const say = (message: MessageDescriptor, values: Record<string, string> = {}) => intl.formatMessage(message, { actor, subject, ...values });
  const before = (key: string) => valueOf(entry.before, key);
  const after = (key: string) => valueOf(entry.after, key);
  // A collaborator's end of access, when the change set one (`access_until` in `after`) or removed it (null).
  const accessEnd = () => {
    if (!entry.after || !('access_until' in entry.after)) return '';
    const until = after('access_until');
    return typeof until === 'string' ? say(m.accessEndSet, { date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) }) : entry.action === 'collaborator_added' ? '' : say(m.accessEndRemoved);
  };
  switch (entry.action) {
    case 'privacy_changed': {
      const parts: string[] = [];
      if (before('privacy') !== after('privacy')) parts.push(say(after('privacy') === 'closed' ? m.madePrivate : m.madeOpen));
      if (before('published') !== after('published')) parts.push(say(after('published') ? m.published : m.unpublished));
      if (before('reusable') !== after('reusable')) parts.push(say(after('reusable') ? m.reusable : m.notReusable));
      return parts.join('. ');
    }
    case 'collaborator_added':
      return [say(m.collaboratorAdded, { level: level(intl, after('permission')) }), accessEnd()].filter(Boolean).join('. ');
    case 'collaborator_changed': {
      const levelChanged = before('permission') !== after('permission');
      const parts = [levelChanged ? say(m.collaboratorChanged, { before: level(intl, before('permission')), after: level(intl, after('permission')) }) : '', accessEnd()];
      return parts.filter(Boolean).join('. ');
    }
    case 'collaborator_removed':
      return say(m.collaboratorRemoved);
    case 'team_permission_changed':
      return say(m.teamChanged, { level: level(intl, after('permission')) });
    case 'team_permission_removed':
      return say(m.teamRemoved);
    case 'link_created':
    case 'link_changed':
    case 'link_deactivated': {
      const message = entry.action === 'link_created' ? m.linkCreated : entry.action === 'link_changed' ? m.linkChanged : m.linkDeactivated;
      return say(message, { subject: entry.subject ?? intl.formatMessage(m.unnamedLink) });
    }
    case 'unlisted_link_created':
      return say(m.unlistedCreated);
    case 'unlisted_link_deactivated':
      return say(m.unlistedDeactivated);
    case 'ownership_transferred':
      return say(m.ownershipTransferred);
    case 'access_request_approved':
      return say(m.requestApproved, { level: level(intl, after('permission')) });
    case 'access_request_denied':
      return say(m.requestDenied);
    case 'folder_member_added':
      return say(m.folderMemberAdded, { level: level(intl, after('role')) });
    case 'folder_member_removed':
      return say(m.folderMemberRemoved);
    case 'folder_deleted':
      return say(m.folderDeleted);
  }
}
