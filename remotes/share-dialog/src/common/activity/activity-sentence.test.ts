import { createIntl } from 'react-intl';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { activitySentence } from './activity-sentence';

const intl = createIntl({ locale: 'en', timeZone: 'UTC', onError: () => undefined });

function entry(fields: Partial<ActivityEntry>): ActivityEntry {
  return { id: 1, at: '2026-11-20T10:00:00Z', action: 'collaborator_changed', actor: { id: 1, name: 'Alice Anderson' }, subject: 'frank@example.com', before: null, after: null, document: null, folder: null, ...fields };
}

describe('activitySentence: a collaborator’s end of access', () => {
  it('says a level change, an end date set with it, and an end date alone without a "from viewer to viewer"', () => {
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'commenter' } }))).toBe('Alice Anderson changed frank@example.com from viewer to commenter');
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'viewer', access_until: '2026-12-01T17:00:00.000Z' } }))).toBe(
      "Alice Anderson set frank@example.com's access to end on Dec 1, 2026, 5:00 PM",
    );
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'commenter', access_until: null } }))).toBe(
      "Alice Anderson changed frank@example.com from viewer to commenter. Alice Anderson removed the end of frank@example.com's access",
    );
  });

  it('says an end date given with the invitation', () => {
    expect(activitySentence(intl, entry({ action: 'collaborator_added', after: { permission: 'viewer', access_until: '2026-12-01T17:00:00.000Z' } }))).toMatch(
      /^Alice Anderson .*frank@example\.com.*\. Alice Anderson set frank@example\.com's access to end on Dec 1, 2026, 5:00 PM$/,
    );
    expect(activitySentence(intl, entry({ action: 'collaborator_added', after: { permission: 'viewer', access_until: null } }))).not.toMatch(/end/);
  });
});
