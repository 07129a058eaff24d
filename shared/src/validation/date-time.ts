/** An ISO 8601 time with its offset, as the API takes an expiry or an end date: `2026-06-01T10:00`, seconds and milliseconds optional, `Z` or `±hh:mm`. */
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Whether the text is such a time and names a moment that exists: a real day of its month (no 30 February,
 * which `new Date` would roll over to 2 March), an hour below 24, minutes and seconds below 60, an offset within
 * ±23:59. The server refuses any other time (400) instead of storing a different one.
 */
export function isExistingDateTime(text: string): boolean {
  const match = PARTS.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}

/** The server's refusal of a time that does not exist; `{field}` names the body's field. */
export const DATE_TIME_MESSAGE = 'The {field} is not a date and time that exists (YYYY-MM-DDThh:mm with its offset, such as Z or +02:00).';

export function dateTimeMessage(field: string): string {
  return DATE_TIME_MESSAGE.replace('{field}', field);
}
