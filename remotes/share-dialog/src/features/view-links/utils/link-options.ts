import type { ViewLink, ViewLinkUpdateBody } from '@deck/shared/api/contract';
import { isLinkTitleEmpty } from './link-title';

/** What the create and settings screens edit. */
export interface LinkOptions {
  name: string;
  visibleOnAnalytics: boolean;
  viewerIdentification: boolean;
}

/** Spec §4: analytics starts on when the user may turn it on; identification starts off. */
export function initialCreateOptions(analyticsAllowed: boolean): LinkOptions {
  return { name: '', visibleOnAnalytics: analyticsAllowed, viewerIdentification: false };
}

export function optionsOf(link: ViewLink): LinkOptions {
  return { name: link.name, visibleOnAnalytics: link.visible_on_analytics, viewerIdentification: link.viewer_identification };
}

/** Spec §4: turning analytics off forces viewer identification off. */
export function withAnalytics(options: LinkOptions, on: boolean): LinkOptions {
  return { ...options, visibleOnAnalytics: on, viewerIdentification: on ? options.viewerIdentification : false };
}

/** Spec §5: viewer name and e-mail can be required only when analytics is on. */
export function withViewerIdentification(options: LinkOptions, on: boolean): LinkOptions {
  if (on && !options.visibleOnAnalytics) return options;
  return { ...options, viewerIdentification: on };
}

export interface LinkChanges {
  renamed: boolean;
  analyticsChanged: boolean;
  identificationChanged: boolean;
  /** The PUT body: only what changed. */
  update: Omit<ViewLinkUpdateBody, 'revoked'>;
}

/** The settings screen's edits against the saved link; Save is enabled only when something changed. */
export function linkChanges(saved: ViewLink, edited: LinkOptions): LinkChanges {
  const name = edited.name.trim();
  const renamed = name !== saved.name && !isLinkTitleEmpty(name);
  const analyticsChanged = edited.visibleOnAnalytics !== saved.visible_on_analytics;
  const identificationChanged = edited.viewerIdentification !== saved.viewer_identification;
  return {
    renamed,
    analyticsChanged,
    identificationChanged,
    update: {
      ...(renamed ? { name } : {}),
      ...(analyticsChanged ? { visible_on_analytics: edited.visibleOnAnalytics } : {}),
      ...(identificationChanged ? { viewer_identification: edited.viewerIdentification } : {}),
    },
  };
}

export function hasChanges(changes: LinkChanges): boolean {
  return changes.renamed || changes.analyticsChanged || changes.identificationChanged;
}
