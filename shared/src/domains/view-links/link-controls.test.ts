import { isOnAllowList, normalizeAllowListEntry } from './link-controls';

describe('allow-list entries', () => {
  it('are addresses or *@domain, normalised as addresses are', () => {
    expect(normalizeAllowListEntry(' Ann@Example.com ')).toBe('ann@example.com');
    expect(normalizeAllowListEntry('*@ＥＸＡＭＰＬＥ.org')).toBe('*@example.org');
    expect(normalizeAllowListEntry('ａｎｎ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('ann@example.com');
  });

  it('take @domain (Papermark and DocSend) as the same entry as *@domain, stored so', () => {
    expect(normalizeAllowListEntry(' @Partner.example ')).toBe('*@partner.example');
    expect(normalizeAllowListEntry('@')).toBeNull();
    expect(normalizeAllowListEntry('@@partner.example')).toBeNull();
  });

  it.each(['ann\u0007@example.com', 'a\u200bnn@example.com', 'ann@exam\u202eple.com', '*@exam\u200dple.com', '*@localhost', '**@example.com', 'not an address', '*@', '@', '@localhost'])('refuses %j', (raw) => {
    expect(normalizeAllowListEntry(raw)).toBeNull();
  });

  it('match an address in any compatibility form', () => {
    expect(isOnAllowList('ＡＮＮ@example.com', ['ann@example.com'])).toBe(true);
    expect(isOnAllowList('bob@ｅｘａｍｐｌｅ.org', ['*@example.org'])).toBe(true);
    expect(isOnAllowList('a\u200bnn@example.com', ['ann@example.com'])).toBe(false);
  });
});
