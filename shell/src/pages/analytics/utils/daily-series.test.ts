import { addDays, chartRange, CHART_DAYS, dailySeries, dayAsDate, dayInZone, MIN_CHART_DAYS } from './daily-series';

describe('dayInZone', () => {
  it("gives the instant's calendar day in the zone", () => {
    const lateEvening = new Date('2026-03-08T23:30:00Z');
    expect(dayInZone(lateEvening, 'UTC')).toBe('2026-03-08');
    expect(dayInZone(lateEvening, 'Europe/Berlin')).toBe('2026-03-09');
    expect(dayInZone(lateEvening, 'America/Los_Angeles')).toBe('2026-03-08');
  });
});

describe('addDays', () => {
  it('crosses month and year ends and daylight-saving changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('dailySeries', () => {
  it('fills the days without views with zero', () => {
    expect(dailySeries([{ day: '2026-03-08', views: 2 }, { day: '2026-03-10', views: 1 }], '2026-03-07', '2026-03-10')).toEqual([
      { day: '2026-03-07', views: 0 },
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 1 },
    ]);
  });
});

describe('chartRange', () => {
  it('runs from the creation day to today', () => {
    expect(chartRange('2026-03-01', [{ day: '2026-03-06', views: 1 }], '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('starts earlier when a view predates the creation day in this zone', () => {
    expect(chartRange('2026-03-02', [{ day: '2026-03-01', views: 1 }], '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it(`shows at least the last ${MIN_CHART_DAYS} days for a young link`, () => {
    expect(chartRange('2026-03-10', [{ day: '2026-03-10', views: 1 }], '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });

  it(`shows at most the last ${CHART_DAYS} days`, () => {
    const range = chartRange('2025-01-01', [], '2026-03-10');
    expect(range).toEqual({ from: addDays('2026-03-10', -(CHART_DAYS - 1)), to: '2026-03-10' });
    expect(dailySeries([], range.from, range.to)).toHaveLength(CHART_DAYS);
  });
});

describe('dayAsDate', () => {
  it('keeps the calendar date when formatted in far-apart zones', () => {
    for (const timeZone of ['Pacific/Honolulu', 'UTC', 'Asia/Tokyo']) {
      expect(dayInZone(dayAsDate('2026-03-09'), timeZone)).toBe('2026-03-09');
    }
  });
});
