/**
 * Time zones are checked against the runtime's IANA database (Intl), never by scanning
 * pg_timezone_names: that view is rebuilt on every query (~140 ms), so one user's analytics calls
 * slowed everyone else's reads.
 */

/** Names only: Intl also accepts offsets such as '+01:00', which PostgreSQL reads with the opposite sign. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The canonical IANA name of a known time zone (e.g. 'UTC', 'Europe/Budapest'), else null. */
export function canonicalTimeZone(name: string): string | null {
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
