import type { ActivityEntry, ActivityState } from '@deck/shared/domains/sharing-activity/activity-contract';

/** The export's columns, in order (docs/api.md, *Sharing activity*). */
export const ACTIVITY_CSV_COLUMNS = ['id', 'time', 'action', 'actor', 'document', 'folder', 'subject', 'before', 'after'] as const;

/**
 * A cell a spreadsheet would run as a formula (CSV injection: a leading = + - @, or a tab or carriage return that
 * some read past) gets a leading apostrophe, so it shows as the text it is; then the cell is quoted as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const state = (s: ActivityState | null) =>
  s === null
    ? ''
    : Object.entries(s)
        .map(([k, v]) => `${k}=${v === null ? '' : String(v)}`)
        .join('; ');

/** The entries as CSV (UTF-8 with a byte-order mark, CRLF line ends: what spreadsheets open as written). */
export function activityCsv(entries: ActivityEntry[]): string {
  const rows = entries.map((e) => [
    String(e.id),
    e.at,
    e.action,
    e.actor?.name ?? '',
    e.document ? `${e.document.title} (${e.document.oid})` : '',
    e.folder?.name ?? '',
    e.subject ?? '',
    state(e.before),
    state(e.after),
  ]);
  return `\uFEFF${[[...ACTIVITY_CSV_COLUMNS], ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
