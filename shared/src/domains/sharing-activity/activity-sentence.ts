import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ActivityEntry, ActivityState } from '@deck/shared/domains/sharing-activity/activity-contract';
import { activityMessages as m, twoSentences } from '@deck/shared/domains/sharing-activity/activity-messages';

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

/** Sentences one after the other, joined as the language writes them (its own message: no full stop is assumed). */
function sentences(intl: IntlShape, parts: string[]): string {
  return parts.filter(Boolean).reduce((first, second) => (first ? intl.formatMessage(twoSentences, { first, second }) : second), '');
}

/** The allow list a link entry records: its entries separated by spaces (`allowed_viewers`), or the older `allow_list` flag. */
function allowList(state: ActivityState | null): string[] | boolean | null {
  if (state && 'allowed_viewers' in state) {
    const entries = state.allowed_viewers;
    return typeof entries === 'string' ? entries.split(' ').filter(Boolean) : [];
  }
  const flag = valueOf(state, 'allow_list');
  return typeof flag === 'boolean' ? flag : null;
}

const hasList = (list: string[] | boolean | null) => (Array.isArray(list) ? list.length > 0 : list === true);

/** What a change of a link's settings changed, one sentence each (the settings activity-log records for a link). */
function linkChanges(intl: IntlShape, entry: ActivityEntry, say: (message: MessageDescriptor, values?: Record<string, string>) => string): string[] {
  const before = (key: string) => valueOf(entry.before, key);
  const after = (key: string) => valueOf(entry.after, key);
  const changed = (key: string) => entry.after !== null && key in entry.after && before(key) !== after(key);
  const parts: string[] = [];
  if (changed('name')) parts.push(say(m.linkRenamed, { before: String(before('name') ?? ''), after: String(after('name') ?? '') }));
  if (changed('passcode') || after('passcode') === 'new') {
    const was = before('passcode');
    if (after('passcode') === 'none') parts.push(say(m.linkPasscodeOff));
    else parts.push(say(was === 'set' || was === 'new' ? m.linkPasscodeChanged : m.linkPasscodeOn));
  }
  if (changed('expires_at')) {
    const until = after('expires_at');
    parts.push(typeof until === 'string' ? say(m.linkExpirySet, { date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) }) : say(m.linkExpiryRemoved));
  }
  const listBefore = allowList(entry.before);
  const listAfter = allowList(entry.after);
  if (JSON.stringify(listBefore) !== JSON.stringify(listAfter) && listAfter !== null) {
    if (Array.isArray(listAfter) && listAfter.length > 0) parts.push(say(m.linkAllowListSet, { viewers: intl.formatList(listAfter, { type: 'conjunction' }) }));
    else if (listAfter === true) parts.push(say(m.linkAllowListOn));
    else if (hasList(listBefore)) parts.push(say(m.linkAllowListRemoved));
  }
  // Recorded only while on or set (a link's entry without them reads as before): a missing key is off, or empty.
  if (entry.after !== null && (before('require_verification') === true) !== (after('require_verification') === true)) {
    parts.push(say(after('require_verification') === true ? m.linkVerificationOn : m.linkVerificationOff));
  }
  for (const [key, on, off] of [['allow_download', m.linkDownloadOn, m.linkDownloadOff], ['watermark', m.linkWatermarkOn, m.linkWatermarkOff]] as const) {
    if (entry.after !== null && (before(key) === true) !== (after(key) === true)) parts.push(say(after(key) === true ? on : off));
  }
  const blocked = (state: ActivityState | null) => String(valueOf(state, 'blocked_viewers') ?? '').split(' ').filter(Boolean);
  if (entry.after !== null && blocked(entry.before).join(' ') !== blocked(entry.after).join(' ')) {
    const list = blocked(entry.after);
    parts.push(list.length > 0 ? say(m.linkBlockListSet, { viewers: intl.formatList(list, { type: 'conjunction' }) }) : say(m.linkBlockListRemoved));
  }
  if (changed('visible_on_analytics')) parts.push(say(after('visible_on_analytics') ? m.linkAnalyticsOn : m.linkAnalyticsOff));
  if (changed('viewer_identification')) parts.push(say(after('viewer_identification') ? m.linkIdentificationOn : m.linkIdentificationOff));
  return parts;
}

/**
 * One log entry as sentences: who did what, to whom, from what to what ("Alice Anderson changed
 * dave@example.com from viewer to commenter."). A change that moved several settings says each, in one sentence each.
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
      return sentences(intl, parts);
    }
    case 'collaborator_added':
      return sentences(intl, [say(m.collaboratorAdded, { level: level(intl, after('permission')) }), accessEnd()]);
    case 'collaborator_changed': {
      const levelChanged = before('permission') !== after('permission');
      const parts = [levelChanged ? say(m.collaboratorChanged, { before: level(intl, before('permission')), after: level(intl, after('permission')) }) : '', accessEnd()];
      return sentences(intl, parts);
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
      const sayLink = (message: MessageDescriptor, values: Record<string, string> = {}) => say(message, { subject: entry.subject ?? intl.formatMessage(m.unnamedLink), ...values });
      // What changed, when the entry holds it (someone below editor gets link entries without their settings).
      const changes = entry.action === 'link_changed' ? linkChanges(intl, entry, sayLink) : [];
      if (changes.length > 0) return sentences(intl, changes);
      return sayLink(entry.action === 'link_created' ? m.linkCreated : entry.action === 'link_changed' ? m.linkChanged : m.linkDeactivated);
    }
    case 'link_downloaded': {
      // The viewer as the watermark names them (their verified address or given name), never the signed-in actor.
      const viewer = after('viewer');
      return say(m.linkDownloaded, { viewer: typeof viewer === 'string' ? viewer : intl.formatMessage(m.anonymousViewer), subject: entry.subject ?? intl.formatMessage(m.unnamedLink) });
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
