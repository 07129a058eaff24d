export interface AvatarPerson {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  username?: string | null;
}

/** Spec §2: initials from first and last name, falling back to the first letter of the e-mail. */
export function avatarInitials(person: AvatarPerson): string {
  const first = person.first_name?.trim().charAt(0) ?? '';
  const last = person.last_name?.trim().charAt(0) ?? '';
  const fromName = `${first}${last}`;
  if (fromName) return fromName.toUpperCase();
  return (person.email?.trim().charAt(0) ?? '').toUpperCase();
}

/** A small, stable string hash (djb2), so one address always gets the same colour. */
export function stableHash(text: string): number {
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) {
    hash = ((hash << 5) + hash + text.charCodeAt(index)) >>> 0;
  }
  return hash;
}

/**
 * Spec §2: one of the palette's colours picked by hashing the e-mail (or the username
 * when there is no e-mail); the fallback colour when there is neither.
 */
export function avatarColour(person: AvatarPerson, palette: readonly string[], fallback: string): string {
  const key = person.email?.trim().toLowerCase() || person.username?.trim().toLowerCase();
  if (!key || palette.length === 0) return fallback;
  return palette[stableHash(key) % palette.length];
}
