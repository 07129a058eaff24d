import type { ActivityState } from '@deck/shared/domains/sharing-activity/activity-contract';
import type { ExportedEntry } from '../repositories/sharing-activity';

/**
 * The export's columns, in order (docs/api.md, *Sharing activity*): the actor by id, name and address (two people
 * may share a name), the time in the zone the next column states.
 */
export const ACTIVITY_CSV_COLUMNS = ['id', 'time', 'time_zone', 'action', 'actor_id', 'actor', 'actor_email', 'document', 'folder', 'subject', 'before', 'after'] as const;

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * A time as spreadsheets read a date-time from text (`2026-11-28 17:05:09`, in UTC): an ISO string with its `T` and
 * `Z` stays text in most of them.
 */
export function spreadsheetTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

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

const value = (v: string | boolean | null) => (v === null ? '' : typeof v === 'string' && ISO_INSTANT.test(v) ? `${spreadsheetTime(v)} UTC` : String(v));

const state = (s: ActivityState | null) =>
  s === null
    ? ''
    : Object.entries(s)
        .map(([k, v]) => `${k}=${value(v)}`)
        .join('; ');

/** The entries as CSV (UTF-8 with a byte-order mark, CRLF line ends: what spreadsheets open as written). */
export function activityCsv(entries: ExportedEntry[]): string {
  const rows = entries.map(({ entry: e, actorEmail }) => [
    String(e.id),
    spreadsheetTime(e.at),
    'UTC',
    e.action,
    e.actor ? String(e.actor.id) : '',
    e.actor?.name ?? '',
    actorEmail ?? '',
    e.document ? `${e.document.title} (${e.document.oid})` : '',
    e.folder?.name ?? '',
    e.subject ?? '',
    state(e.before),
    state(e.after),
  ]);
  return `\uFEFF${[[...ACTIVITY_CSV_COLUMNS], ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
