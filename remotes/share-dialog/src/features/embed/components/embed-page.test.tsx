import { announced } from '@deck/shared/testing/live-region';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionFlags, PermissionValue, PresentationDocument, UnifiedPrivacy } from '@deck/shared/api/contract';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { trackEvent } from '@deck/shared/analytics/analytics';
import { EmbedPage } from './embed-page';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

function document(overrides: Partial<PresentationDocument> = {}): PresentationDocument {
  return {
    oid: 'qr1',
    schema_version_name: 'PITCH',
    title: 'Quarterly "Review"',
    description: '',
    tags: [],
    privacy: 'hidden',
    public: false,
    showcase_prohibited: false,
    owner_id: 1,
    owner: { username: 'alice', firstName: 'Alice', lastName: 'Anderson' },
    modified_at: '2026-11-01T10:00:00.000Z',
    view_count: 0,
    quality_score: 1,
    video_status: null,
    likes_count: 0,
    page_count: 3,
    ...overrides,
  };
}

function privacy(embed: PermissionValue = 'ALLOWED', overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
  return {
    unified_privacy: 'open',
    is_owner: true,
    is_published: false,
    is_reusable: false,
    view_link: 'http://localhost/view/qr1',
    default_link: 'http://localhost/view/qr1',
    embed_link: 'http://localhost/embed/qr1',
    view_token: 'vt-qr1',
    view_link_count: 0,
    expired_view_link_count: 0,
    address_protection: 'closes',
    licence: 'premium',
    team_policy: { team_name: 'Acme', disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false , require_link_passcode: false, max_link_expiry_days: null},
    permissions: { embed: { value: embed }, social_share: { value: 'ALLOWED' } } as PermissionFlags,
    ...overrides,
  };
}

function serve(doc: PresentationDocument, priv: UnifiedPrivacy | { status: number }) {
  return createFakeServer({
    'GET /api/v4/presentation/qr1/': { body: doc },
    'GET /api/v4/presentation/qr1/unified-privacy/': 'status' in priv ? { status: priv.status, body: {} } : { body: priv },
  }).install();
}

const codeBox = () => screen.getByRole('textbox', { name: 'Embed code' });

describe('EmbedPage', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    jest.useRealTimers();
  });

  it('starts at 560 × 315 with an iframe of the embed link, and says the view adapts', async () => {
    restore = serve(document(), privacy());
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    expect(await screen.findByRole('textbox', { name: 'Width' })).toHaveValue('560');
    expect(screen.getByRole('textbox', { name: 'Height' })).toHaveValue('315');
    expect(codeBox()).toHaveValue(
      '<iframe src="http://localhost/embed/qr1" width="560" height="315" title="Quarterly &quot;Review&quot;" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>',
    );
    expect(screen.getByText("The embedded view adapts to its container and the viewer's screen size.")).toBeInTheDocument();
    expect(trackEvent).toHaveBeenCalledWith('embed code opened', { document_oid: 'qr1', schema_version_name: 'PITCH' });
    expect(trackEvent).toHaveBeenCalledTimes(1);
  });

  it('keeps 16:9 as either side is typed, digits only, and clears both on empty or zero', async () => {
    const user = userEvent.setup();
    restore = serve(document(), privacy());
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    const width = await screen.findByRole('textbox', { name: 'Width' });
    const height = screen.getByRole('textbox', { name: 'Height' });

    await user.clear(height);
    expect(width).toHaveValue('');
    expect(codeBox()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Copy embed code' })).toBeDisabled();
    expect(screen.getByText('Enter a width or a height to get the embed code.')).toBeInTheDocument();

    await user.type(height, '4a50');
    expect(height).toHaveValue('450');
    expect(width).toHaveValue('800');
    expect((codeBox() as HTMLTextAreaElement).value).toContain('width="800" height="450"');

    await user.clear(width);
    await user.type(width, '12345');
    expect(width).toHaveValue('1234');
    expect(height).toHaveValue('694');

    await user.clear(width);
    await user.type(width, '0');
    expect(width).toHaveValue('');
    expect(height).toHaveValue('');
  });

  it('copies the code, says Copied for 3 s and reports the copy', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    restore = serve(document(), privacy());
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    await screen.findByRole('textbox', { name: 'Width' });
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^<iframe src="http:\/\/localhost\/embed\/qr1"/));
    // Waiting may advance the fake clock by up to two poll intervals (50 ms each); the checks below allow for it.
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(trackEvent).toHaveBeenCalledWith('embed code copied', { document_oid: 'qr1', schema_version_name: 'PITCH', width: 560, height: 315 });
    await act(async () => jest.advanceTimersByTime(2850));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(150));
    expect(screen.getByRole('button', { name: 'Copy embed code' })).toBeInTheDocument();
  });

  it('says how to copy the code by hand when the browser refuses to copy, and reports no copy', async () => {
    const user = userEvent.setup();
    restore = serve(document(), privacy());
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    await screen.findByRole('textbox', { name: 'Width' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const execCommand = window.document.execCommand;
    window.document.execCommand = jest.fn(() => false);
    try {
      await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
      expect(await screen.findByText('Copying did not work. Select the text and copy it yourself.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy embed code' })).toBeInTheDocument();
      expect(trackEvent).not.toHaveBeenCalledWith('embed code copied', expect.anything());
    } finally {
      window.document.execCommand = execCommand;
    }
  });

  it('gives a design the loader code with its project id and explains why it has no size', async () => {
    restore = serve(document({ schema_version_name: 'INFOGRAM', title: 'Brand Infographic' }), privacy('ALLOWED', { view_token: 'ig-42' }));
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} learnMoreUrl="https://deck.example/help/embed/" />);
    expect(await screen.findByText(/sizes itself to fit the page/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Width' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', 'https://deck.example/help/embed/');
    expect(codeBox()).toHaveValue(
      '<div class="deck-embed" data-id="ig-42" data-type="interactive" data-title="Brand Infographic"></div><script async src="http://localhost/embed/loader.js"></script>',
    );
  });

  it("says 'Not allowed to embed' and why, without any code, when the permission is missing", async () => {
    restore = serve(document(), privacy('NOT_ALLOWED', { unified_privacy: 'closed' }));
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    const refusal = await announced();
    expect(refusal).toHaveTextContent('Not allowed to embed');
    expect(refusal).toHaveTextContent('Only collaborators can access this document');
    expect(screen.queryByRole('textbox', { name: 'Embed code' })).not.toBeInTheDocument();
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it('shows the generic error when the privacy cannot be loaded', async () => {
    restore = serve(document(), { status: 500 });
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={() => {}} />);
    await announced('An error has occurred Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('goes back', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    restore = serve(document(), privacy());
    renderWithProviders(<EmbedPage documentOid="qr1" onBack={onBack} />);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
