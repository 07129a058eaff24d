import { cutLinkTitle, isLinkTitleEmpty, LINK_TITLE_MAX_LENGTH, linkTitleLength } from './link-title';

describe('cutLinkTitle', () => {
  it('keeps a title of up to 80 characters as it is', () => {
    expect(cutLinkTitle('Board members')).toBe('Board members');
    const eighty = 'a'.repeat(LINK_TITLE_MAX_LENGTH);
    expect(cutLinkTitle(eighty)).toBe(eighty);
  });

  it('cuts a longer title to its first 80 characters', () => {
    expect(cutLinkTitle('b'.repeat(81))).toBe('b'.repeat(80));
    expect(cutLinkTitle(`${'c'.repeat(79)}XYZ`)).toBe(`${'c'.repeat(79)}X`);
  });

  it('counts an emoji as one character and never splits it', () => {
    const title = `${'d'.repeat(79)}🚀🚀`;
    const cut = cutLinkTitle(title);
    expect(cut).toBe(`${'d'.repeat(79)}🚀`);
    expect(linkTitleLength(cut)).toBe(80);
  });
});

describe('isLinkTitleEmpty', () => {
  it('treats an empty or blank title as empty', () => {
    expect(isLinkTitleEmpty('')).toBe(true);
    expect(isLinkTitleEmpty('   \t')).toBe(true);
    expect(isLinkTitleEmpty(' x ')).toBe(false);
  });
});
