import fc from 'fast-check';
import { allowsOnlyResponsiveSize, embedCode, escapeAttribute, type EmbedSource } from './embed-code';

const pitch: EmbedSource = {
  schemaVersionName: 'PITCH',
  title: 'Quarterly Review',
  embedLink: 'https://deck.example/embed/abc123/',
  viewToken: 'tok-1',
};

const design: EmbedSource = {
  schemaVersionName: 'INFOGRAM',
  title: 'Brand Infographic',
  embedLink: 'https://deck.example/embed/ig42/',
  viewToken: 'ig42',
};

function parse(code: string): Document {
  return new DOMParser().parseFromString(`<body>${code}</body>`, 'text/html');
}

describe('allowsOnlyResponsiveSize', () => {
  it('holds for designs only', () => {
    expect(allowsOnlyResponsiveSize('INFOGRAM')).toBe(true);
    for (const type of ['PITCH', 'CORE', 'AIR_PITCH', 'AIR_LITE', 'AIR_VIDEO_PITCH', 'AIR_VIDEO_LITE'] as const) {
      expect(allowsOnlyResponsiveSize(type)).toBe(false);
    }
  });
});

describe('embedCode', () => {
  it('makes an iframe of the chosen size from the embed link', () => {
    expect(embedCode(pitch, { width: '560', height: '315' })).toBe(
      '<iframe src="https://deck.example/embed/abc123/" width="560" height="315" title="Quarterly Review" ' +
        'frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>',
    );
  });

  it('makes a div with the project id from the view token plus the loader script for a design', () => {
    const document = parse(embedCode(design, { width: '560', height: '315' }));
    const placeholder = document.querySelector('div.deck-embed');
    expect(placeholder?.getAttribute('data-id')).toBe('ig42');
    expect(placeholder?.getAttribute('data-title')).toBe('Brand Infographic');
    expect(document.querySelector('script')?.getAttribute('src')).toBe('https://deck.example/embed/loader.js');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('ignores the size for a design, which fits its container', () => {
    expect(embedCode(design, { width: '', height: '' })).toBe(embedCode(design, { width: '100', height: '56' }));
  });

  it('resolves the loader on the page origin when the design has no embed link', () => {
    const document = parse(embedCode({ ...design, embedLink: '' }, { width: '', height: '' }, 'http://localhost:8080'));
    expect(document.querySelector('script')?.getAttribute('src')).toBe('http://localhost:8080/embed/loader.js');
  });

  it('gives no code for an iframe without a size', () => {
    expect(embedCode(pitch, { width: '', height: '' })).toBe('');
  });

  it('keeps any title inside its attribute', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(pitch, design), (title, source) => {
        const document = parse(embedCode({ ...source, title }, { width: '560', height: '315' }));
        const element = document.body.firstElementChild;
        expect(element?.getAttribute(source === pitch ? 'title' : 'data-title')).toBe(title);
        // Nothing the title holds can add elements to the pasted code.
        expect(document.body.querySelectorAll('*').length).toBe(source === pitch ? 1 : 2);
      }),
    );
  });
});

describe('escapeAttribute', () => {
  it('escapes the characters that end or open markup', () => {
    expect(escapeAttribute(`"a" & 'b' <c>`)).toBe('&quot;a&quot; &amp; &#39;b&#39; &lt;c&gt;');
  });
});
