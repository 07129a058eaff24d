import { createIntl, type MessageDescriptor } from 'react-intl';
import ja from '@deck/shared/intl/translations/ja.json';
import { activityMessages } from '@deck/shared/domains/sharing-activity/activity-messages';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { activitySentence } from '@deck/shared/domains/sharing-activity/activity-sentence';

const intl = createIntl({ locale: 'en', timeZone: 'UTC', onError: () => undefined });

function entry(fields: Partial<ActivityEntry>): ActivityEntry {
  return { id: 1, at: '2026-11-20T10:00:00Z', action: 'collaborator_changed', actor: { id: 1, name: 'Alice Anderson' }, subject: 'frank@example.com', before: null, after: null, document: null, folder: null, ...fields };
}

describe('activitySentence: a collaborator’s end of access', () => {
  it('says a level change, an end date set with it, and an end date alone without a "from viewer to viewer"', () => {
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'commenter' } }))).toBe('Alice Anderson changed frank@example.com from viewer to commenter.');
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'viewer', access_until: '2026-12-01T17:00:00.000Z' } }))).toBe(
      "Alice Anderson set frank@example.com's access to end on Dec 1, 2026, 5:00 PM.",
    );
    expect(activitySentence(intl, entry({ before: { permission: 'viewer' }, after: { permission: 'commenter', access_until: null } }))).toBe(
      "Alice Anderson changed frank@example.com from viewer to commenter. Alice Anderson removed the end of frank@example.com's access.",
    );
  });

  it('says an end date given with the invitation', () => {
    expect(activitySentence(intl, entry({ action: 'collaborator_added', after: { permission: 'viewer', access_until: '2026-12-01T17:00:00.000Z' } }))).toMatch(
      /^Alice Anderson .*frank@example\.com.*\. Alice Anderson set frank@example\.com's access to end on Dec 1, 2026, 5:00 PM\.$/,
    );
    expect(activitySentence(intl, entry({ action: 'collaborator_added', after: { permission: 'viewer', access_until: null } }))).not.toMatch(/end/);
  });
});

describe('activitySentence: what a change of a trackable link changed', () => {
  const link = (before: Record<string, string | boolean | null>, after: Record<string, string | boolean | null>) =>
    entry({ action: 'link_changed', subject: 'Board', before: { name: 'Board', ...before }, after: { name: 'Board', ...after } });

  it('says a download allowed or forbidden and a watermark put on or removed', () => {
    expect(activitySentence(intl, link({}, { allow_download: true, watermark: true }))).toBe(
      'Alice Anderson let viewers of the trackable link Board download it as a PDF. Alice Anderson put a watermark on each page of the trackable link Board.',
    );
    expect(activitySentence(intl, link({ allow_download: true, watermark: true }, {}))).toBe(
      'Alice Anderson stopped viewers of the trackable link Board from downloading it. Alice Anderson removed the watermark from the trackable link Board.',
    );
  });

  it('says who downloaded a link as the watermark names them: the address or name, else an anonymous viewer; never the account', () => {
    const downloaded = (viewer: string | null) => entry({ action: 'link_downloaded', actor: null, subject: 'Board', after: { viewer } });
    expect(activitySentence(intl, downloaded('gina@guest.example'))).toBe('gina@guest.example downloaded the trackable link Board as a PDF.');
    expect(activitySentence(intl, downloaded(null))).toBe('An anonymous viewer downloaded the trackable link Board as a PDF.');
  });

  it('says each setting that changed, one whole sentence each, every one ending with its full stop', () => {
    expect(activitySentence(intl, link({ passcode: 'none', expires_at: null }, { passcode: 'new', expires_at: '2026-12-01T17:00:00.000Z' }))).toBe(
      "Alice Anderson turned on the passcode of the trackable link Board. Alice Anderson changed the trackable link Board's expiry to Dec 1, 2026, 5:00 PM.",
    );
    expect(activitySentence(intl, link({ passcode: 'set' }, { passcode: 'new' }))).toBe('Alice Anderson changed the passcode of the trackable link Board.');
    expect(activitySentence(intl, link({ passcode: 'set', expires_at: '2026-12-01T17:00:00.000Z' }, { passcode: 'none', expires_at: null }))).toBe(
      'Alice Anderson turned off the passcode of the trackable link Board. Alice Anderson removed the expiry of the trackable link Board.',
    );
    expect(activitySentence(intl, link({ allowed_viewers: null }, { allowed_viewers: 'zoe@example.com *@partner.example' }))).toBe(
      'Alice Anderson let only zoe@example.com and *@partner.example open the trackable link Board.',
    );
    expect(activitySentence(intl, link({ allowed_viewers: 'zoe@example.com' }, { allowed_viewers: null }))).toBe('Alice Anderson removed the list of viewers of the trackable link Board.');
    // A verified e-mail and a block list are recorded only while on or set: their absence is off, or empty.
    expect(activitySentence(intl, link({}, { require_verification: true, blocked_viewers: 'rival@example.com *@rival.example' }))).toBe(
      'Alice Anderson asked viewers of the trackable link Board to verify their e-mail. Alice Anderson kept rival@example.com and *@rival.example from opening the trackable link Board.',
    );
    expect(activitySentence(intl, link({ require_verification: true, blocked_viewers: 'rival@example.com' }, {}))).toBe(
      'Alice Anderson stopped asking viewers of the trackable link Board to verify their e-mail. Alice Anderson removed the block list of the trackable link Board.',
    );
    // Entries written before the list's entries were recorded.
    expect(activitySentence(intl, link({ allow_list: false }, { allow_list: true }))).toBe('Alice Anderson let only listed viewers open the trackable link Board.');
    expect(activitySentence(intl, entry({ action: 'link_changed', subject: 'Q3', before: { name: 'Board' }, after: { name: 'Q3' } }))).toBe('Alice Anderson renamed the trackable link Board to Q3.');
    expect(activitySentence(intl, link({ visible_on_analytics: false, viewer_identification: false }, { visible_on_analytics: true, viewer_identification: true }))).toBe(
      'Alice Anderson turned on analytics for the trackable link Board. Alice Anderson asked viewers of the trackable link Board for their name and e-mail.',
    );
    // Without its settings (what someone below editor receives) the entry says the link changed.
    expect(activitySentence(intl, entry({ action: 'link_changed', subject: null, before: null, after: null }))).toMatch(/^Alice Anderson changed the trackable link .*\.$/);
  });

  it('joins two facts as the language writes sentences: no ASCII full stop between Japanese sentences', () => {
    const japanese = createIntl({ locale: 'ja', timeZone: 'UTC', messages: ja, onError: () => undefined });
    const said = activitySentence(japanese, entry({ before: { permission: 'viewer' }, after: { permission: 'commenter', access_until: null } }));
    const first = japanese.formatMessage(activityMessages.collaboratorChanged as MessageDescriptor, { actor: 'Alice Anderson', subject: 'frank@example.com', before: '閲覧者', after: 'コメント可' });
    expect(said.startsWith(first)).toBe(true);
    expect(said).not.toMatch(/\. /);
    expect(said.endsWith('。')).toBe(true);
  });
});
