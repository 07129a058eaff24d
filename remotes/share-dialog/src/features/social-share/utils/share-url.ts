import type { DocumentTag } from '@deck/shared/api/contract';

export const SOCIAL_NETWORKS = ['facebook', 'linkedin', 'twitter', 'googleClassroom'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Spec §3 "Share payload": what a network's share page receives. */
export interface SharePayload {
  network: SocialNetwork;
  viewUrl: string;
  title: string;
  tags: readonly DocumentTag[];
}

interface NetworkEndpoint {
  base: string;
  /** The parameter that carries the view URL. */
  urlParam: string;
  /** Google Classroom names the title 'title'; the other networks take it as 'text'. */
  titleParam: 'text' | 'title';
  hashtags: boolean;
}

const ENDPOINTS: Record<SocialNetwork, NetworkEndpoint> = {
  facebook: { base: 'https://www.facebook.com/sharer/sharer.php', urlParam: 'u', titleParam: 'text', hashtags: true },
  linkedin: { base: 'https://www.linkedin.com/sharing/share-offsite/', urlParam: 'url', titleParam: 'text', hashtags: true },
  twitter: { base: 'https://twitter.com/intent/tweet', urlParam: 'url', titleParam: 'text', hashtags: true },
  googleClassroom: { base: 'https://classroom.google.com/share', urlParam: 'url', titleParam: 'title', hashtags: false },
};

/**
 * Tags as hashtags: a hashtag cannot hold spaces or a leading '#', and an empty or repeated
 * one would only clutter the post.
 */
export function toHashtags(tags: readonly DocumentTag[]): string[] {
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const tag of tags) {
    const hashtag = tag.text.replace(/^#+/, '').replace(/[\s,#]+/g, '');
    const key = hashtag.toLowerCase();
    if (hashtag && !seen.has(key)) {
      seen.add(key);
      hashtags.push(hashtag);
    }
  }
  return hashtags;
}

/** The network's share page for a document (spec §7: hashtags joined by a comma). */
export function buildShareUrl({ network, viewUrl, title, tags }: SharePayload): string {
  const endpoint = ENDPOINTS[network];
  const url = new URL(endpoint.base);
  url.searchParams.set(endpoint.urlParam, viewUrl);
  if (title) url.searchParams.set(endpoint.titleParam, title);
  const hashtags = endpoint.hashtags ? toHashtags(tags) : [];
  if (hashtags.length > 0) url.searchParams.set('hashtags', hashtags.join(','));
  return url.toString();
}

export interface PopupSize {
  width: number;
  height: number;
}

/** Spec §9: 520 × 570, and 1300 × 570 for LinkedIn, whose share page is laid out wide. */
export const POPUP_SIZES: Record<SocialNetwork, PopupSize> = {
  facebook: { width: 520, height: 570 },
  linkedin: { width: 1300, height: 570 },
  twitter: { width: 520, height: 570 },
  googleClassroom: { width: 520, height: 570 },
};

export interface ScreenArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** window.open features for a popup centred over the current window and kept on screen. */
export function popupFeatures(network: SocialNetwork, area: ScreenArea): string {
  const { width, height } = POPUP_SIZES[network];
  const left = Math.max(0, Math.round(area.left + (area.width - width) / 2));
  const top = Math.max(0, Math.round(area.top + (area.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},scrollbars=yes,resizable=yes`;
}
