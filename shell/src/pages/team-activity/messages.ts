import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { SharingAction } from '@deck/shared/domains/sharing-activity/activity-contract';

export const teamActivityMessages = defineMessages({
  title: { id: 'shell.teamActivity.title', defaultMessage: 'Team activity' },
  intro: { id: 'shell.teamActivity.intro', defaultMessage: "Who changed how your team's documents and folders are shared, newest first." },
  filters: { id: 'shell.teamActivity.filters', defaultMessage: 'Filters' },
  person: { id: 'shell.teamActivity.person', defaultMessage: 'Person' },
  everyone: { id: 'shell.teamActivity.everyone', defaultMessage: 'Everyone' },
  action: { id: 'shell.teamActivity.action', defaultMessage: 'Change' },
  everyAction: { id: 'shell.teamActivity.everyAction', defaultMessage: 'All changes' },
  document: { id: 'shell.teamActivity.document', defaultMessage: 'Document' },
  everyDocument: { id: 'shell.teamActivity.everyDocument', defaultMessage: 'All documents' },
  folder: { id: 'shell.teamActivity.folder', defaultMessage: 'Folder' },
  everyFolder: { id: 'shell.teamActivity.everyFolder', defaultMessage: 'All folders' },
  from: { id: 'shell.teamActivity.from', defaultMessage: 'From' },
  to: { id: 'shell.teamActivity.to', defaultMessage: 'To' },
  apply: { id: 'shell.teamActivity.apply', defaultMessage: 'Apply filters' },
  clear: { id: 'shell.teamActivity.clear', defaultMessage: 'Clear filters' },
  loading: { id: 'shell.teamActivity.loading', defaultMessage: 'Loading activity…' },
  loadFailed: { id: 'shell.teamActivity.loadFailed', defaultMessage: 'The activity could not be loaded.' },
  retry: { id: 'shell.teamActivity.retry', defaultMessage: 'Try again' },
  results: { id: 'shell.teamActivity.results', defaultMessage: 'Changes' },
  none: { id: 'shell.teamActivity.none', defaultMessage: 'No changes match these filters.' },
  older: { id: 'shell.teamActivity.older', defaultMessage: 'Show older changes' },
  export: { id: 'shell.teamActivity.export', defaultMessage: 'Export this view (CSV)' },
  refusedTitle: { id: 'shell.teamActivity.refusedTitle', defaultMessage: 'You cannot see this page' },
  signedOut: { id: 'shell.teamActivity.signedOut', defaultMessage: "Sign in to see your team's activity." },
});

/** The messages that take values. */
export const teamActivityValueMessages = {
  personOption: defineMessage<{ name: string; email: string }>({ id: 'shell.teamActivity.personOption', defaultMessage: '{name} ({email})' }),
  shown: defineMessage<{ count: number }>({ id: 'shell.teamActivity.shown', defaultMessage: '{count, plural, one {# change shown} other {# changes shown}}' }),
  shownMore: defineMessage<{ count: number }>({ id: 'shell.teamActivity.shownMore', defaultMessage: '{count, plural, one {# change shown, older ones follow} other {# changes shown, older ones follow}}' }),
};

/** The name of each kind of change, as the action filter offers it. */
export const actionNames: Record<SharingAction, MessageDescriptor> = defineMessages({
  privacy_changed: { id: 'shell.teamActivity.actionName.privacyChanged', defaultMessage: 'Visibility changed' },
  collaborator_added: { id: 'shell.teamActivity.actionName.collaboratorAdded', defaultMessage: 'Collaborator added' },
  collaborator_changed: { id: 'shell.teamActivity.actionName.collaboratorChanged', defaultMessage: 'Collaborator changed' },
  collaborator_removed: { id: 'shell.teamActivity.actionName.collaboratorRemoved', defaultMessage: 'Collaborator removed' },
  team_permission_changed: { id: 'shell.teamActivity.actionName.teamPermissionChanged', defaultMessage: 'Team access changed' },
  team_permission_removed: { id: 'shell.teamActivity.actionName.teamPermissionRemoved', defaultMessage: 'Team access removed' },
  link_created: { id: 'shell.teamActivity.actionName.linkCreated', defaultMessage: 'Trackable link created' },
  link_changed: { id: 'shell.teamActivity.actionName.linkChanged', defaultMessage: 'Trackable link changed' },
  link_deactivated: { id: 'shell.teamActivity.actionName.linkDeactivated', defaultMessage: 'Trackable link deactivated' },
  link_downloaded: { id: 'shell.teamActivity.actionName.linkDownloaded', defaultMessage: 'Trackable link downloaded' },
  unlisted_link_created: { id: 'shell.teamActivity.actionName.unlistedLinkCreated', defaultMessage: 'Unlisted link created' },
  unlisted_link_deactivated: { id: 'shell.teamActivity.actionName.unlistedLinkDeactivated', defaultMessage: 'Unlisted link deactivated' },
  ownership_transferred: { id: 'shell.teamActivity.actionName.ownershipTransferred', defaultMessage: 'Ownership transferred' },
  access_request_approved: { id: 'shell.teamActivity.actionName.accessRequestApproved', defaultMessage: 'Access request approved' },
  access_request_denied: { id: 'shell.teamActivity.actionName.accessRequestDenied', defaultMessage: 'Access request denied' },
  folder_member_added: { id: 'shell.teamActivity.actionName.folderMemberAdded', defaultMessage: 'Folder member added' },
  folder_member_removed: { id: 'shell.teamActivity.actionName.folderMemberRemoved', defaultMessage: 'Folder member removed' },
  folder_deleted: { id: 'shell.teamActivity.actionName.folderDeleted', defaultMessage: 'Folder deleted' },
});
