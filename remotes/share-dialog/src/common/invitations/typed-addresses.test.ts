import { parseAddressList, type ParsedAddress } from './parse-address-list';
import { readTypedAddresses } from './typed-addresses';

function chipsOf(existing: ParsedAddress[] = []) {
  const absorbed: string[] = [];
  return {
    absorbed,
    chips: existing,
    absorb(text: string) {
      absorbed.push(text);
      const parsed = parseAddressList(text, existing.map((chip) => chip.email));
      return { next: [...existing, ...parsed.addresses], problems: parsed.problems };
    },
  };
}

describe('readTypedAddresses', () => {
  it('takes one address typed on its own as a single address, without making chips', () => {
    const chips = chipsOf();
    const read = readTypedAddresses('  Ann@Example.com ', chips);
    expect(read).toMatchObject({ kind: 'addresses', single: true, problems: [] });
    expect(read.kind === 'addresses' && read.next.map((chip) => chip.email)).toEqual(['ann@example.com']);
    expect(chips.absorbed).toEqual([]);
  });

  it('judges a single attempted address by its address, and names its one problem', () => {
    expect(readTypedAddresses('', chipsOf())).toEqual({ kind: 'problem', problem: 'empty' });
    expect(readTypedAddresses('ann@', chipsOf())).toEqual({ kind: 'problem', problem: 'shape' });
    expect(readTypedAddresses(`${'a'.repeat(65)}@example.com`, chipsOf())).toEqual({ kind: 'problem', problem: 'local-part-too-long' });
    expect(readTypedAddresses('Ann <ann@>', chipsOf())).toEqual({ kind: 'problem', problem: 'shape' });
    expect(readTypedAddresses('Ann <ann@example.com>', chipsOf())).toMatchObject({ kind: 'addresses', single: true });
  });

  it('makes a list join the chips once there are chips or separators', () => {
    const listed = chipsOf();
    expect(readTypedAddresses('ann@example.com, bob@', listed)).toMatchObject({ kind: 'addresses', single: false, problems: [{ text: 'bob@' }] });
    expect(listed.absorbed).toEqual(['ann@example.com, bob@']);
    const withChips = chipsOf([{ email: 'ann@example.com', name: null }]);
    const read = readTypedAddresses('bob@example.com', withChips);
    expect(read.kind === 'addresses' && read.next.map((chip) => chip.email)).toEqual(['ann@example.com', 'bob@example.com']);
  });
});
