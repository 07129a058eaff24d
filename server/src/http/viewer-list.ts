import { LINK_CONTROL_MESSAGES, normalizeAllowListEntry } from '@deck/shared/domains/view-links/link-controls';
import { coded } from '../permissions/messages';
import type { FieldViolations } from './field-violations';

/**
 * An allow or block list as stored (a link's, or a team's block list): each entry normalised
 * (normalizeAllowListEntry, `@domain` as `*@domain`), without repeats; an entry that is neither an address nor a
 * domain is named in the refusal beside the list's field.
 */
export function viewerList<F extends string>(raw: readonly string[], field: F, code: string, broken: FieldViolations<F>): string[] {
  const entries: string[] = [];
  for (const typed of raw) {
    const entry = normalizeAllowListEntry(typed);
    // Named as typed, so the owner finds it in what they wrote; an invisible or control character shows as �.
    const named = typed.trim().replace(/\p{C}/gu, '\uFFFD');
    if (entry === null) broken.add(field, 400, code, coded(LINK_CONTROL_MESSAGES, 'allowListEntry', { entry: named }));
    else entries.push(entry);
  }
  return [...new Set(entries)];
}
