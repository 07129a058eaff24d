import { LINK_TITLE_MAX_LENGTH } from '@deck/shared/domains/view-links/view-link-limits';

export { LINK_TITLE_MAX_LENGTH };

/**
 * Cuts a typed or pasted title to 80 characters. Characters are counted as the server counts them
 * (code points), so an emoji is one character and is never split in half.
 */
export function cutLinkTitle(value: string): string {
  const characters = Array.from(value);
  return characters.length > LINK_TITLE_MAX_LENGTH ? characters.slice(0, LINK_TITLE_MAX_LENGTH).join('') : value;
}

export function linkTitleLength(value: string): number {
  return Array.from(value).length;
}

/** Save Link is disabled while the title is empty; a title of spaces only counts as empty. */
export function isLinkTitleEmpty(value: string): boolean {
  return value.trim().length === 0;
}
