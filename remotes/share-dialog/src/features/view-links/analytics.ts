import { trackEvent } from '@deck/shared/analytics/analytics';

/** Spec §7: the view-link events the dialog reports. */
export const VIEW_LINK_EVENTS = {
  openAll: 'share_dialog_open_all_view_links',
  created: 'share_dialog_view_link_created',
  renamed: 'share_dialog_view_link_renamed',
  deactivated: 'share_dialog_view_link_deactivated',
  copied: 'share_dialog_view_link_copied',
  analyticsTrackingChanged: 'share_dialog_view_link_analytics_tracking_changed',
  viewerIdentificationChanged: 'share_dialog_view_link_viewer_identification_changed',
} as const;

export function trackOpenAllViewLinks(documentOid: string, count: number): void {
  trackEvent(VIEW_LINK_EVENTS.openAll, { document_oid: documentOid, view_link_count: count });
}

export function trackViewLinkCreated(documentOid: string, linkId: string, options: { visibleOnAnalytics: boolean; viewerIdentification: boolean }): void {
  trackEvent(VIEW_LINK_EVENTS.created, {
    document_oid: documentOid,
    link_id: linkId,
    visible_on_analytics: options.visibleOnAnalytics,
    viewer_identification: options.viewerIdentification,
  });
}

export function trackViewLinkRenamed(documentOid: string, linkId: string): void {
  trackEvent(VIEW_LINK_EVENTS.renamed, { document_oid: documentOid, link_id: linkId });
}

export function trackViewLinkDeactivated(documentOid: string, linkId: string, deleteData: boolean): void {
  trackEvent(VIEW_LINK_EVENTS.deactivated, { document_oid: documentOid, link_id: linkId, delete_data: deleteData });
}

/** Where the copy happened: a row of the list, the link's settings, or the untracked link. */
export function trackViewLinkCopied(documentOid: string, linkId: string, source: 'list' | 'settings' | 'unlisted'): void {
  trackEvent(VIEW_LINK_EVENTS.copied, { document_oid: documentOid, link_id: linkId, source });
}

export function trackAnalyticsTrackingChanged(documentOid: string, linkId: string, on: boolean): void {
  trackEvent(VIEW_LINK_EVENTS.analyticsTrackingChanged, { document_oid: documentOid, link_id: linkId, visible_on_analytics: on });
}

export function trackViewerIdentificationChanged(documentOid: string, linkId: string, on: boolean): void {
  trackEvent(VIEW_LINK_EVENTS.viewerIdentificationChanged, { document_oid: documentOid, link_id: linkId, viewer_identification: on });
}
