import fc from 'fast-check';
import { buildShareUrl, popupFeatures, SOCIAL_NETWORKS, toHashtags } from './share-url';

const payload = {
  viewUrl: 'https://deck.example/view/abc123/',
  title: 'Quarterly Review',
  tags: [{ text: 'finance' }, { text: 'q3 results' }],
};

describe('buildShareUrl', () => {
  it('builds the Twitter intent with url, text and comma-joined hashtags', () => {
    const url = new URL(buildShareUrl({ ...payload, network: 'twitter' }));
    expect(url.origin + url.pathname).toBe('https://twitter.com/intent/tweet');
    expect(url.searchParams.get('url')).toBe(payload.viewUrl);
    expect(url.searchParams.get('text')).toBe('Quarterly Review');
    expect(url.searchParams.get('hashtags')).toBe('finance,q3results');
  });

  it('builds the Facebook sharer with the view URL as u', () => {
    const url = new URL(buildShareUrl({ ...payload, network: 'facebook' }));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(url.searchParams.get('u')).toBe(payload.viewUrl);
    expect(url.searchParams.get('text')).toBe('Quarterly Review');
    expect(url.searchParams.get('hashtags')).toBe('finance,q3results');
  });

  it('builds the LinkedIn share page', () => {
    const url = new URL(buildShareUrl({ ...payload, network: 'linkedin' }));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(url.searchParams.get('url')).toBe(payload.viewUrl);
    expect(url.searchParams.get('text')).toBe('Quarterly Review');
  });

  it('gives Google Classroom the title as title, not text, and no hashtags', () => {
    const url = new URL(buildShareUrl({ ...payload, network: 'googleClassroom' }));
    expect(url.origin + url.pathname).toBe('https://classroom.google.com/share');
    expect(url.searchParams.get('url')).toBe(payload.viewUrl);
    expect(url.searchParams.get('title')).toBe('Quarterly Review');
    expect(url.searchParams.has('text')).toBe(false);
    expect(url.searchParams.has('hashtags')).toBe(false);
  });

  it('leaves out hashtags when the document has no tags, and the title when it has none', () => {
    const url = new URL(buildShareUrl({ network: 'twitter', viewUrl: payload.viewUrl, title: '', tags: [] }));
    expect(url.searchParams.has('hashtags')).toBe(false);
    expect(url.searchParams.has('text')).toBe(false);
  });

  it('carries any view URL and title through to the share page unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOCIAL_NETWORKS), fc.webUrl(), fc.string({ minLength: 1 }), (network, viewUrl, title) => {
        const url = new URL(buildShareUrl({ network, viewUrl, title, tags: [] }));
        expect(url.searchParams.get(network === 'facebook' ? 'u' : 'url')).toBe(viewUrl);
        expect(url.searchParams.get(network === 'googleClassroom' ? 'title' : 'text')).toBe(title);
      }),
    );
  });
});

describe('toHashtags', () => {
  it('drops spaces, leading #, empty and repeated tags', () => {
    expect(toHashtags([{ text: '#Sales' }, { text: 'sales' }, { text: '  ' }, { text: 'year end' }, { text: 'a,b' }])).toEqual([
      'Sales',
      'yearend',
      'ab',
    ]);
  });

  it('never yields a hashtag holding the comma that joins them', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (texts) => {
        for (const hashtag of toHashtags(texts.map((text) => ({ text })))) {
          expect(hashtag).not.toMatch(/[\s,#]/);
          expect(hashtag).not.toBe('');
        }
      }),
    );
  });
});

describe('popupFeatures', () => {
  const area = { left: 100, top: 50, width: 1920, height: 1080 };

  it('opens 520 × 570 popups, centred on the window', () => {
    expect(popupFeatures('facebook', area)).toBe('popup=yes,width=520,height=570,left=800,top=305,scrollbars=yes,resizable=yes');
    expect(popupFeatures('twitter', area)).toContain('width=520,height=570');
    expect(popupFeatures('googleClassroom', area)).toContain('width=520,height=570');
  });

  it('opens LinkedIn 1300 × 570', () => {
    expect(popupFeatures('linkedin', area)).toContain('width=1300,height=570');
  });

  it('keeps the popup on screen when the window is smaller than it', () => {
    expect(popupFeatures('linkedin', { left: 0, top: 0, width: 800, height: 400 })).toContain('left=0,top=0');
  });
});
