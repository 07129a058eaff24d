import { hasLikeButton } from './likeable';

describe('hasLikeButton (spec §1: presentation and video pages)', () => {
  it('shows on presentations and videos, not on designs or timelines', () => {
    for (const schema of ['PITCH', 'CORE', 'AIR_LITE', 'AIR_PITCH', 'AIR_VIDEO_LITE', 'AIR_VIDEO_PITCH'] as const) expect(hasLikeButton(schema)).toBe(true);
    for (const schema of ['INFOGRAM', 'TIMELINE'] as const) expect(hasLikeButton(schema)).toBe(false);
  });
});
