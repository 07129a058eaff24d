import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionFlags, PresentationDocument, UnifiedPrivacy } from '@deck/shared/api/contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { SocialShareModal } from './social-share-modal';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

const privacy = {
  unified_privacy: 'open',
  view_link: 'http://localhost/view/qr1',
  team_policy: { disable_sharing: false },
  permissions: { social_share: { value: 'ALLOWED' } } as PermissionFlags,
} as UnifiedPrivacy;

describe('SocialShareModal', () => {
  let restore: () => void = () => {};
  let container: HTMLElement;
  beforeEach(() => {
    restore = createFakeServer({
      'GET /api/v4/presentation/qr1/': { body: { oid: 'qr1', title: 'Quarterly Review', tags: [] } as unknown as PresentationDocument },
      'GET /api/v4/presentation/qr1/unified-privacy/': { body: privacy },
    }).install();
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => {
    restore();
    container.remove();
  });

  it('offers the four networks and the link with a copy button', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithProviders(<SocialShareModal documentOid="qr1" open onClose={() => {}} container={container} />);
    const dialog = await screen.findByRole('dialog', { name: 'Share on social media' });
    expect(container).toContainElement(dialog);
    for (const name of ['Facebook', 'LinkedIn', 'Twitter', 'Google Classroom']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    const link = await screen.findByRole('textbox', { name: 'Link to this document' });
    expect(link).toHaveValue('http://localhost/view/qr1');
    expect(link).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('http://localhost/view/qr1');
  });

  it('closes with Done and with Escape', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<SocialShareModal documentOid="qr1" open onClose={onClose} container={container} />);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing and loads nothing while closed', () => {
    renderWithProviders(<SocialShareModal documentOid="qr1" open={false} onClose={() => {}} container={container} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
