import { createIntl } from 'react-intl';
import { trackableLinksText } from './trackable-links-text';

const english = createIntl({ locale: 'en', messages: {} });
const german = createIntl({
  locale: 'de',
  messages: {
    'shareDialog.trackableLinks.count': 'Diese Präsentation hat {count, plural, one {# verfolgbaren Link} other {# verfolgbare Links}}',
  },
});

describe('trackableLinksText', () => {
  it('says there are none at 0', () => {
    expect(trackableLinksText(english, 0)).toBe('This presentation does not have any trackable links');
  });

  it('uses the singular for one link', () => {
    expect(trackableLinksText(english, 1)).toBe('This presentation has 1 trackable link');
  });

  it('uses the plural above one', () => {
    expect(trackableLinksText(english, 2)).toBe('This presentation has 2 trackable links');
  });

  it("formats large counts in the locale's number format", () => {
    expect(trackableLinksText(english, 1234)).toBe('This presentation has 1,234 trackable links');
    expect(trackableLinksText(german, 1234)).toBe('Diese Präsentation hat 1.234 verfolgbare Links');
  });

  it('tells someone who may list only their own links of their own', () => {
    expect(trackableLinksText(english, 0, true)).toBe('You have no trackable links on this presentation');
    expect(trackableLinksText(english, 1, true)).toBe('You have 1 trackable link on this presentation');
  });
});
