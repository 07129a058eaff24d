import type { Contact } from '@deck/shared/api/contract';

/**
 * The contact's name, or null when it has none of its own: people who have not signed up yet
 * (pending invitations) come with their address as their name, which would show it twice.
 */
export function contactName(contact: Contact): string | null {
  const name = contact.name.trim();
  if (!name || name.toLowerCase() === contact.email.trim().toLowerCase()) return null;
  return name;
}
