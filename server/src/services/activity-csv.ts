import type { ActivityEntry, ActivityState } from '@deck/shared/domains/sharing-activity/activity-contract';

/** The export's columns, in order (docs/api.md, *Sharing activity*). */
export const ACTIVITY_CSV_COLUMNS = ['id', 'time', 'action', 'actor', 'document', 'folder', 'subject', 'before', 'after'] as const;

/**
 * Where a spreadsheet may start a new cell inside ours: it splits on whatever separator its import guesses (a
 * comma, a semicolon in many locales, a tab, a pipe) and on line ends, and may skip the spaces after one.
 */
const CELL_STARTS = /(?<=^|[,;\t|\r\n])( *)(?=[=+\-@\t\r])/g;

/**
 * CSV injection (docs/security.md, *The sharing activity log*): wherever a spreadsheet may start a cell, a leading
 * = + - @, tab or carriage return (which some read past) gets an apostrophe before it, so it shows as the text it
 * is, whichever separator the spreadsheet splits on. Every cell is then quoted as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = value.replace(CELL_STARTS, "$1'");
  return `"${safe.replace(/"/g, '""')}"`;
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
