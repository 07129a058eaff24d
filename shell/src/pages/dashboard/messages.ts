import { defineMessage, defineMessages } from 'react-intl';

export const deleteFolderMessages = {
  ...defineMessages({
    open: { id: 'shell.dashboard.deleteFolder.open', defaultMessage: 'Delete folder' },
    cancel: { id: 'shell.dashboard.deleteFolder.cancel', defaultMessage: 'Cancel' },
    confirm: { id: 'shell.dashboard.deleteFolder.confirm', defaultMessage: 'Delete folder' },
    deleting: { id: 'shell.dashboard.deleteFolder.deleting', defaultMessage: 'Deleting…' },
    failedGeneric: { id: 'shell.dashboard.deleteFolder.failedGeneric', defaultMessage: 'Please try again later.' },
  }),
  openLabel: defineMessage<{ name: string }>({ id: 'shell.dashboard.deleteFolder.openLabel', defaultMessage: 'Delete folder {name}' }),
  title: defineMessage<{ name: string }>({ id: 'shell.dashboard.deleteFolder.title', defaultMessage: 'Delete the folder “{name}”?' }),
  body: defineMessage<{ count: number }>({
    id: 'shell.dashboard.deleteFolder.body',
    defaultMessage:
      'The folder and its list of people are deleted for everyone in it. {count, plural, =0 {It holds no documents.} one {Its # document is not deleted: it stays with its owner, shared with the same people as before.} other {Its # documents are not deleted: they stay with their owners, shared with the same people as before.}}',
  }),
  deleted: defineMessage<{ name: string; count: number }>({
    id: 'shell.dashboard.deleteFolder.deleted',
    defaultMessage: 'The folder “{name}” was deleted. {count, plural, =0 {} one {Its document was kept.} other {Its # documents were kept.}}',
  }),
  failed: defineMessage<{ reason: string }>({ id: 'shell.dashboard.deleteFolder.failed', defaultMessage: 'The folder could not be deleted: {reason}' }),
};

export const documentListMessages = {
  ...defineMessages({
    heading: { id: 'shell.dashboard.documents.heading', defaultMessage: 'Documents' },
    show: { id: 'shell.dashboard.documents.show', defaultMessage: 'Show' },
    mine: { id: 'shell.dashboard.documents.mine', defaultMessage: 'Mine' },
    shared: { id: 'shell.dashboard.documents.shared', defaultMessage: 'Shared with me' },
    search: { id: 'shell.dashboard.documents.search', defaultMessage: 'Search titles' },
    tag: { id: 'shell.dashboard.documents.tag', defaultMessage: 'Tag' },
    allTags: { id: 'shell.dashboard.documents.allTags', defaultMessage: 'All tags' },
    ordering: { id: 'shell.dashboard.documents.ordering', defaultMessage: 'Sort by' },
    orderModifiedDesc: { id: 'shell.dashboard.documents.order.modifiedDesc', defaultMessage: 'Last modified' },
    orderModifiedAsc: { id: 'shell.dashboard.documents.order.modifiedAsc', defaultMessage: 'Least recently modified' },
    orderTitleAsc: { id: 'shell.dashboard.documents.order.titleAsc', defaultMessage: 'Title (A–Z)' },
    orderTitleDesc: { id: 'shell.dashboard.documents.order.titleDesc', defaultMessage: 'Title (Z–A)' },
    orderCreatedDesc: { id: 'shell.dashboard.documents.order.createdDesc', defaultMessage: 'Newest' },
    orderViewsDesc: { id: 'shell.dashboard.documents.order.viewsDesc', defaultMessage: 'Most viewed' },
    columnTitle: { id: 'shell.dashboard.documents.column.title', defaultMessage: 'Title' },
    columnType: { id: 'shell.dashboard.documents.column.type', defaultMessage: 'Type' },
    columnOwner: { id: 'shell.dashboard.documents.column.owner', defaultMessage: 'Owner' },
    columnModified: { id: 'shell.dashboard.documents.column.modified', defaultMessage: 'Modified' },
    columnActions: { id: 'shell.dashboard.documents.column.actions', defaultMessage: 'Actions' },
    previous: { id: 'shell.dashboard.documents.previous', defaultMessage: 'Previous page' },
    next: { id: 'shell.dashboard.documents.next', defaultMessage: 'Next page' },
    paging: { id: 'shell.dashboard.documents.paging', defaultMessage: 'Pages' },
    none: { id: 'shell.dashboard.documents.none', defaultMessage: 'No documents match.' },
    failed: { id: 'shell.dashboard.documents.failed', defaultMessage: 'The documents could not be loaded.' },
    retry: { id: 'shell.dashboard.documents.retry', defaultMessage: 'Try again' },
    trash: { id: 'shell.dashboard.documents.trash', defaultMessage: 'Move to trash' },
    trashing: { id: 'shell.dashboard.documents.trashing', defaultMessage: 'Moving…' },
    cancel: { id: 'shell.dashboard.documents.cancel', defaultMessage: 'Cancel' },
    failedGeneric: { id: 'shell.dashboard.documents.failedGeneric', defaultMessage: 'Please try again later.' },
  }),
  caption: defineMessage<{ from: number; to: number; total: number }>({
    id: 'shell.dashboard.documents.caption',
    defaultMessage: '{total, plural, =0 {No documents} one {Document {from}–{to} of #} other {Documents {from}–{to} of #}}',
  }),
  found: defineMessage<{ total: number }>({
    id: 'shell.dashboard.documents.found',
    defaultMessage: '{total, plural, =0 {No documents found.} one {# document found.} other {# documents found.}}',
  }),
  pageOf: defineMessage<{ page: number; pages: number }>({ id: 'shell.dashboard.documents.pageOf', defaultMessage: 'Page {page} of {pages}' }),
  /** Spec §3's product types, spelled out: screen readers read the raw codes (PITCH, AIR_VIDEO_PITCH) letter by letter. */
  type: defineMessage<{ type: string }>({
    id: 'shell.dashboard.documents.type',
    defaultMessage:
      '{type, select, PITCH {Presentation} INFOGRAM {Design} CORE {Classic presentation} AIR_LITE {Video} AIR_PITCH {Video} AIR_VIDEO_LITE {Video} AIR_VIDEO_PITCH {Video} TIMELINE {Timeline} other {Other}}',
  }),
  trashLabel: defineMessage<{ title: string }>({ id: 'shell.dashboard.documents.trashLabel', defaultMessage: 'Move to trash: {title}' }),
  trashTitle: defineMessage<{ title: string }>({ id: 'shell.dashboard.documents.trashTitle', defaultMessage: 'Move “{title}” to the trash?' }),
  trashBody: defineMessage({
    id: 'shell.dashboard.documents.trashBody',
    defaultMessage: 'Nobody can open it while it is in the trash. You can restore it from the trash with its people and links.',
  }),
  trashed: defineMessage<{ title: string }>({ id: 'shell.dashboard.documents.trashed', defaultMessage: '“{title}” was moved to the trash.' }),
  failedAction: defineMessage<{ reason: string }>({ id: 'shell.dashboard.documents.failedAction', defaultMessage: 'That did not work: {reason}' }),
};

export const countMessages = {
  heading: defineMessage({ id: 'shell.dashboard.counts.heading', defaultMessage: 'At a glance' }),
  owned: defineMessage<{ count: number }>({ id: 'shell.dashboard.counts.owned', defaultMessage: '{count, plural, one {# document of yours} other {# documents of yours}}' }),
  shared: defineMessage<{ count: number }>({ id: 'shell.dashboard.counts.shared', defaultMessage: '{count, plural, one {# shared with you} other {# shared with you}}' }),
  trashed: defineMessage<{ count: number }>({ id: 'shell.dashboard.counts.trashed', defaultMessage: '{count, plural, one {# in the trash} other {# in the trash}}' }),
  views: defineMessage<{ count: number }>({ id: 'shell.dashboard.counts.views', defaultMessage: '{count, plural, one {# view} other {# views}}' }),
};

export const trashMessages = {
  ...defineMessages({
    heading: { id: 'shell.dashboard.trash.heading', defaultMessage: 'Trash' },
    empty: { id: 'shell.dashboard.trash.empty', defaultMessage: 'The trash is empty.' },
    restore: { id: 'shell.dashboard.trash.restore', defaultMessage: 'Restore' },
    purge: { id: 'shell.dashboard.trash.purge', defaultMessage: 'Delete for good' },
    purging: { id: 'shell.dashboard.trash.purging', defaultMessage: 'Deleting…' },
    cancel: { id: 'shell.dashboard.trash.cancel', defaultMessage: 'Cancel' },
    purgeBody: {
      id: 'shell.dashboard.trash.purgeBody',
      defaultMessage: 'It is deleted with its collaborators, links, visits and likes. This cannot be undone.',
    },
    failed: { id: 'shell.dashboard.trash.failed', defaultMessage: 'The trash could not be loaded.' },
  }),
  restoreLabel: defineMessage<{ title: string }>({ id: 'shell.dashboard.trash.restoreLabel', defaultMessage: 'Restore {title}' }),
  purgeLabel: defineMessage<{ title: string }>({ id: 'shell.dashboard.trash.purgeLabel', defaultMessage: 'Delete for good: {title}' }),
  purgeTitle: defineMessage<{ title: string }>({ id: 'shell.dashboard.trash.purgeTitle', defaultMessage: 'Delete “{title}” for good?' }),
  restored: defineMessage<{ title: string }>({ id: 'shell.dashboard.trash.restored', defaultMessage: '“{title}” was restored.' }),
  purged: defineMessage<{ title: string }>({ id: 'shell.dashboard.trash.purged', defaultMessage: '“{title}” was deleted for good.' }),
  trashedOn: defineMessage<{ date: string }>({ id: 'shell.dashboard.trash.trashedOn', defaultMessage: 'Moved to the trash on {date}' }),
};

/** The dashboard's links to the team pages: here, not in those pages' catalogues, which the dashboard would then fetch whole. */
export const teamPageLinkMessages = defineMessages({
  activity: { id: 'shell.teamActivity.dashboardLink', defaultMessage: 'Team activity' },
  activityHint: { id: 'shell.teamActivity.dashboardHint', defaultMessage: "Who changed how your team's documents are shared, with filters and a CSV export." },
  settings: { id: 'shell.teamSettings.dashboardLink', defaultMessage: 'Team link settings' },
  settingsHint: { id: 'shell.teamSettings.dashboardHint', defaultMessage: 'Block addresses and domains from all your trackable links, and send link opens to a webhook.' },
});
