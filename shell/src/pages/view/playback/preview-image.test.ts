import { previewImageUrl } from './preview-image';
import { wrapWords } from './wrap-words';

describe('the START screen’s preview of page 1', () => {
  it('is an SVG whose text is the document’s, escaped, never markup', () => {
    const url = previewImageUrl({ title: 'Q4 <script>alert("x")</script> & more', byline: 'by O’Brien & Co' });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('by O’Brien &amp; Co');
  });

  it('wraps a long title on at most three lines, cut at a word with an ellipsis', () => {
    const svg = decodeURIComponent(previewImageUrl({ title: 'The quarterly review of every team across all of our regions, products and partners in the year', byline: 'by A' }));
    const lines = [...svg.matchAll(/font-size="96"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 25)).toBe(true);
    expect(lines[2].endsWith('…')).toBe(true);
  });
});

describe('wrapWords', () => {
  const upTo = (length: number) => (line: string) => line.length <= length;

  it('fills each line as far as it fits and keeps a word longer than a line whole', () => {
    expect(wrapWords('one two three four', upTo(7), 5)).toEqual(['one two', 'three', 'four']);
    expect(wrapWords('extraordinarily long', upTo(5), 5)).toEqual(['extraordinarily', 'long']);
    expect(wrapWords('   ', upTo(5), 2)).toEqual([]);
  });

  it('cuts what does not fit in the lines at a word and marks it', () => {
    expect(wrapWords('aa bb cc dd ee', upTo(5), 2)).toEqual(['aa bb', 'cc…']);
  });
});
