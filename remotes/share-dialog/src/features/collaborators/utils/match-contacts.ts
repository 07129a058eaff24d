import type { Contact } from '@deck/shared/api/contract';

/**
 * Spec §5: contacts match on name or e-mail, case-insensitively. People already on the document
 * are left out, since picking them would change nothing.
 */
export function matchContacts(contacts: readonly Contact[], query: string, excludedEmails: ReadonlySet<string> = new Set()): Contact[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return contacts.filter(
    (contact) =>
      !excludedEmails.has(contact.email.toLowerCase()) &&
      (contact.name.toLowerCase().includes(needle) || contact.email.toLowerCase().includes(needle)),
  );
}
