import { UnsupportedDocumentTypeError, viewUrl } from './view-url';

const privacy = { view_link: 'http://localhost/view/abc' };

describe('viewUrl', () => {
  it('gives the view link for PITCH and INFOGRAM', () => {
    expect(viewUrl('PITCH', privacy)).toBe(privacy.view_link);
    expect(viewUrl('INFOGRAM', privacy)).toBe(privacy.view_link);
  });

  it.each(['CORE', 'AIR_LITE', 'AIR_PITCH', 'AIR_VIDEO_LITE', 'AIR_VIDEO_PITCH'] as const)('is empty for %s', (type) => {
    expect(viewUrl(type, privacy)).toBe('');
  });

  it('raises a blank error for TIMELINE', () => {
    expect(() => viewUrl('TIMELINE', privacy)).toThrow(UnsupportedDocumentTypeError);
    expect(() => viewUrl('TIMELINE', privacy)).toThrow(expect.objectContaining({ message: '' }));
  });
});
