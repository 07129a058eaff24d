import { announced } from '@deck/shared/testing/live-region';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionFlags, PermissionValue, PresentationDocument, UnifiedPrivacy } from '@deck/shared/api/contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { trackEvent } from '@deck/shared/analytics/analytics';
import { SocialShareButtons } from './social-share-buttons';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

const document = {
  oid: 'qr1',
  schema_version_name: 'PITCH',
  title: 'Quarterly Review',
  tags: [{ text: 'finance' }, { text: 'q3 results' }],
} as PresentationDocument;

function privacy(social: PermissionValue, overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
  return {
    unified_privacy: 'open',
    is_owner: true,
    is_published: false,
    is_reusable: false,
    view_link: 'http://localhost/view/qr1',
    default_link: '',
    embed_link: '',
    view_token: 'tok',
    view_link_count: 0,
    expired_view_link_count: 0,
    address_protection: 'closes',
    licence: 'premium',
    team_policy: { team_name: 'Acme', disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false , require_link_passcode: false, max_link_expiry_days: null},
    permissions: { social_share: { value: social } } as PermissionFlags,
    ...overrides,
  };
}

function serve(priv: UnifiedPrivacy) {
  return createFakeServer({
    'GET /api/v4/presentation/qr1/': { body: document },
    'GET /api/v4/presentation/qr1/unified-privacy/': { body: priv },
  }).install();
}

async function ready(name: string) {
  const button = await screen.findByRole('button', { name });
  await screen.findByRole('group', { name: 'Share on social networks', busy: false });
  return button;
}

describe('SocialShareButtons', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('opens a 520 × 570 Facebook popup on the share page built from the view URL, title and tags', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    restore = serve(privacy('ALLOWED'));
    renderWithProviders(<SocialShareButtons documentOid="qr1" />);
    const group = await screen.findByRole('group', { name: 'Share on social networks' });
    expect(within(group).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Share on Facebook',
      'Share on LinkedIn',
      'Share on Twitter',
      'Share on Google Classroom',
    ]);
    await user.click(await ready('Share on Facebook'));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] as [string, string, string];
    const shareUrl = new URL(url);
    expect(shareUrl.origin + shareUrl.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(shareUrl.searchParams.get('u')).toBe('http://localhost/view/qr1');
    expect(shareUrl.searchParams.get('text')).toBe('Quarterly Review');
    expect(shareUrl.searchParams.get('hashtags')).toBe('finance,q3results');
    expect(name).toBe('deck-share-facebook');
    expect(features).toContain('width=520,height=570');
    expect(trackEvent).toHaveBeenCalledWith('social share opened', { document_oid: 'qr1', network: 'facebook' });
  });

  it('opens LinkedIn 1300 wide and gives Google Classroom the title as title', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    restore = serve(privacy('ALLOWED'));
    renderWithProviders(<SocialShareButtons documentOid="qr1" />);
    await user.click(await ready('Share on LinkedIn'));
    await user.click(screen.getByRole('button', { name: 'Share on Google Classroom' }));
    expect(open.mock.calls[0][2]).toContain('width=1300,height=570');
    const classroom = new URL(open.mock.calls[1][0] as string);
    expect(classroom.searchParams.get('title')).toBe('Quarterly Review');
    expect(classroom.searchParams.has('text')).toBe(false);
  });

  it("stays disabled and explains why when the document is not 'Anyone with the link can view'", async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window);
    restore = serve(privacy('NOT_ALLOWED', { unified_privacy: 'closed' }));
    renderWithProviders(<SocialShareButtons documentOid="qr1" />);
    const twitter = await ready('Share on Twitter');
    expect(twitter).toHaveAttribute('aria-disabled', 'true');
    await user.hover(twitter);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Sharing is disabled');
    expect(tooltip).toHaveTextContent('To enable, please change the access setting to “Anyone with the link can view“ from the dropdown.');
    await user.click(twitter);
    expect(open).not.toHaveBeenCalled();
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it('says the team switched sharing off', async () => {
    const user = userEvent.setup();
    restore = serve(privacy('NOT_ALLOWED_IN_ORG'));
    renderWithProviders(<SocialShareButtons documentOid="qr1" />);
    await user.hover(await ready('Share on Facebook'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sharing is disabled for your team by the admin.');
  });

  it('says so when the browser blocks the popup', async () => {
    const user = userEvent.setup();
    jest.spyOn(window, 'open').mockReturnValue(null);
    restore = serve(privacy('ALLOWED'));
    renderWithProviders(<SocialShareButtons documentOid="qr1" />);
    await user.click(await ready('Share on Twitter'));
    await announced('Your browser blocked the share window.');
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it('shows each network by name in the labelled variant', async () => {
    restore = serve(privacy('ALLOWED'));
    renderWithProviders(<SocialShareButtons documentOid="qr1" variant="labelled" />);
    expect(await screen.findByRole('button', { name: 'Google Classroom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LinkedIn' })).toBeInTheDocument();
  });
});
