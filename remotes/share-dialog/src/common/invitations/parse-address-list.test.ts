import { parseAddressList, splitFinished } from './parse-address-list';

describe('parseAddressList', () => {
  it('takes commas, semicolons, spaces, new lines and Name <address>, once each', () => {
    const { addresses, problems } = parseAddressList('a@example.com, B@Example.com;c@example.com\nHugo Hill <hugo@example.org>  d@example.com a@example.com');
    expect(addresses).toEqual([
      { email: 'a@example.com', name: null },
      { email: 'b@example.com', name: null },
      { email: 'c@example.com', name: null },
      { email: 'hugo@example.org', name: 'Hugo Hill' },
      { email: 'd@example.com', name: null },
    ]);
    expect(problems).toEqual([]);
  });

  it('reports each invalid entry with its own reason', () => {
    const { addresses, problems } = parseAddressList('ok@example.com, nope@example, "Bad Name" <@x.com>');
    expect(addresses).toEqual([{ email: 'ok@example.com', name: null }]);
    expect(problems).toEqual([
      { text: 'nope@example', problem: 'shape' },
      { text: 'Bad Name <@x.com>', problem: 'shape' },
    ]);
  });

  it('leaves out addresses already chosen', () => {
    expect(parseAddressList('a@example.com b@example.com', ['A@example.com']).addresses).toEqual([{ email: 'b@example.com', name: null }]);
  });

  it('finishes typed addresses at commas, semicolons and new lines, never inside <…> or at a space', () => {
    expect(splitFinished('a@example.com')).toEqual({ finished: '', rest: 'a@example.com' });
    expect(splitFinished('a@example.com, Hugo Hill <hu')).toEqual({ finished: 'a@example.com,', rest: ' Hugo Hill <hu' });
    expect(splitFinished('Hill, Hugo <h,u')).toEqual({ finished: 'Hill,', rest: ' Hugo <h,u' });
    expect(splitFinished('a@example.com;b@')).toEqual({ finished: 'a@example.com;', rest: 'b@' });
  });
});
