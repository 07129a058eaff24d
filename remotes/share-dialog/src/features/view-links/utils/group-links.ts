import type { ViewLink } from '@deck/shared/api/contract';

export interface GroupedViewLinks {
  /** Links the current user created. */
  mine: ViewLink[];
  /** Links other collaborators created (only the document owner sees them). */
  others: ViewLink[];
}

const newestFirst = (a: ViewLink, b: ViewLink) => b.created_at.localeCompare(a.created_at) || a.name.localeCompare(b.name);

/** Spec §2: the list groups links into 'Created by me' and 'Created by others', newest first. Revoked links are not listed. */
export function groupViewLinks(links: readonly ViewLink[]): GroupedViewLinks {
  const live = links.filter((link) => !link.revoked && !link.is_unlisted_implicit);
  return {
    mine: live.filter((link) => link.is_owner).sort(newestFirst),
    others: live.filter((link) => !link.is_owner).sort(newestFirst),
  };
}

/** The names for 'Created by {first} {last}'; a creator without a name on record shows as the link's owner id. */
export function sharerNames(link: ViewLink): { first: string; last: string } {
  if (!link.sharer_first_name.trim() && !link.sharer_last_name.trim()) return { first: link.owner_oid, last: '' };
  return { first: link.sharer_first_name, last: link.sharer_last_name };
}
