import { dateTimeMessage, isExistingDateTime } from './date-time';

describe('isExistingDateTime', () => {
  it.each(['2027-02-28T10:00:00Z', '2028-02-29T10:00Z', '2027-04-30T23:59:59.999+02:00', '2027-12-31T00:00-05:30', '2000-02-29T12:00:00Z'])('accepts %s', (text) => {
    expect(isExistingDateTime(text)).toBe(true);
  });

  it.each([
    '2027-02-29T10:00:00Z',
    '2027-02-30T10:00:00Z',
    '1900-02-29T10:00:00Z',
    '2027-04-31T10:00Z',
    '2027-13-01T10:00Z',
    '2027-00-10T10:00Z',
    '2027-06-00T10:00Z',
    '2027-06-01T24:00Z',
    '2027-06-01T10:60Z',
    '2027-06-01T10:00:60Z',
    '2027-06-01T10:00+24:00',
    '2027-06-01T10:00+02:60',
    '2027-06-01T10:00',
    '2027-06-01',
    'tomorrow',
  ])('refuses %s', (text) => {
    expect(isExistingDateTime(text)).toBe(false);
  });

  it('names the field in its message', () => {
    expect(dateTimeMessage('expires_at')).toMatch(/^The expires_at is not a date and time that exists/);
  });
});
