import type { ViewLinkDailyViews } from '@deck/shared/domains/view-links/recipient-contract';

/** How many days the chart shows at most (the table lists every day with views). */
export const CHART_DAYS = 30;
/** A young link still gets a week, so one day's bar reads as a day, not as the whole chart. */
export const MIN_CHART_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function toUtcMs(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

export function addDays(day: string, days: number): string {
  return new Date(toUtcMs(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` (inclusive) with its views, zero where none were recorded. */
export function dailySeries(viewsByDay: readonly ViewLinkDailyViews[], from: string, to: string): ViewLinkDailyViews[] {
  const counts = new Map(viewsByDay.map((entry) => [entry.day, entry.views]));
  const series: ViewLinkDailyViews[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) series.push({ day, views: counts.get(day) ?? 0 });
  return series;
}

/**
 * The chart's days: from the link's first day (its creation or its first view, whichever is
 * earlier) to today; at least the last MIN_CHART_DAYS and at most the last CHART_DAYS of them.
 */
export function chartRange(createdDay: string, viewsByDay: readonly ViewLinkDailyViews[], today: string): { from: string; to: string } {
  const firstView = viewsByDay[0]?.day;
  const lastView = viewsByDay[viewsByDay.length - 1]?.day;
  const to = lastView && lastView > today ? lastView : today;
  const start = firstView && firstView < createdDay ? firstView : createdDay;
  const earliest = addDays(to, -(CHART_DAYS - 1));
  const latest = addDays(to, -(MIN_CHART_DAYS - 1));
  const from = start < earliest ? earliest : start > latest ? latest : start;
  return { from, to };
}

/** A day string as a Date at noon UTC, so formatting it in any zone keeps its calendar date. */
export function dayAsDate(day: string): Date {
  return new Date(toUtcMs(day) + DAY_MS / 2);
}
