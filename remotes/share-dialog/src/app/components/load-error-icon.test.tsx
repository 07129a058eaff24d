import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { lightTheme } from '@deck/shared/theme/theme';
import { Modal } from '@deck/shared/ui/modal/modal';
import { ERROR_TOOLTIP_AUTO_CLOSE_MS, LoadErrorIcon } from './load-error-icon';

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

const AFTER_AUTO_CLOSE = ERROR_TOOLTIP_AUTO_CLOSE_MS + lightTheme.motion.tooltipCloseMs + 100;

describe('the load error icon', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function renderIcon() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <LoadErrorIcon />
        <button type="button">Elsewhere</button>
      </>,
    );
    return { user, icon: screen.getByRole('button', { name: 'An error has occurred' }) };
  }

  it('has the message as its description, so it is not only in a tooltip', () => {
    const { icon } = renderIcon();
    expect(icon).toHaveAccessibleDescription('Please try again later.');
  });

  it('keeps the tooltip while the icon has focus; Escape closes it and Enter or Space opens it again', async () => {
    const { user, icon } = renderIcon();
    await user.tab();
    expect(icon).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Please try again later.');
    await advance(AFTER_AUTO_CLOSE);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await advance(lightTheme.motion.tooltipCloseMs);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('An error has occurred');

    await user.keyboard('{Escape}');
    await advance(lightTheme.motion.tooltipCloseMs);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.keyboard(' ');
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
  });

  it('stays while hovered (WCAG 1.4.13) and closes by itself once left (spec §9)', async () => {
    const { user, icon } = renderIcon();
    await user.hover(icon);
    await advance(lightTheme.motion.tooltipOpenMs + 50);
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await advance(AFTER_AUTO_CLOSE);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.unhover(icon);
    await advance(AFTER_AUTO_CLOSE);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

// The share dialog stays mounted between openings; a tooltip left open does not come back.
describe('the load error icon in the kept share dialog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // As the share dialog does, the dialog takes focus itself on opening (focus on the icon would show its tooltip).
  const focusDialog = (event: Event) => {
    event.preventDefault();
    (event.currentTarget as HTMLElement).focus();
  };
  const host = (open: boolean) => (
    <Modal keepMounted open={open} onClose={() => {}} title={<h2>Sharing</h2>} container={document.body} onOpenAutoFocus={focusDialog}>
      <LoadErrorIcon />
    </Modal>
  );

  it('opens with its tooltip closed although it was open when the dialog closed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { rerender } = renderWithProviders(host(true));
    const icon = screen.getByRole('button', { name: 'An error has occurred' });
    await user.hover(icon);
    await advance(lightTheme.motion.tooltipOpenMs + 50);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    // The host closes the dialog under the pointer: no leave and no blur reach the tooltip.
    rerender(host(false));
    await advance(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(host(true));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'An error has occurred' })).toBe(icon);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
