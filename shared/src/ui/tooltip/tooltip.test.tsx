import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { lightTheme } from '@deck/shared/theme/theme';
import { Tooltip } from './tooltip';

const { tooltipOpenMs, tooltipCloseMs } = lightTheme.motion;

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/** Leaves the trigger, then moves on, far from it and the tooltip (outside Radix's grace area between them). */
async function moveAway(user: ReturnType<typeof userEvent.setup>) {
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  await user.pointer({ target: elsewhere, coords: { clientX: 500, clientY: 500 } });
  await user.pointer({ target: elsewhere, coords: { clientX: 900, clientY: 700 } });
}

describe('Tooltip (spec §9: opens after 300 ms, closes 500 ms after leaving)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function renderTip() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <Tooltip content="Why it is disabled">
          <button type="button">Target</button>
        </Tooltip>
        <button type="button">Elsewhere</button>
      </>,
    );
    return user;
  }

  it('closes when focus leaves before its opening was rendered (a fast Tab on a busy page)', async () => {
    renderTip();
    const target = screen.getByRole('button', { name: 'Target' });
    // Focus and blur in one batch: Radix asks to open, and is still shown closed when focus leaves.
    act(() => {
      target.focus();
      target.blur();
    });
    await advance(tooltipCloseMs);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('uses the spec\'s delays', () => {
    expect([tooltipOpenMs, tooltipCloseMs]).toEqual([300, 500]);
  });

  it('opens only after the open delay of hovering', async () => {
    const user = renderTip();
    await user.hover(screen.getByRole('button', { name: 'Target' }));
    await advance(tooltipOpenMs - 50);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await advance(100);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Why it is disabled');
  });

  it('stays open until the close delay after the pointer leaves, then closes', async () => {
    const user = renderTip();
    const target = screen.getByRole('button', { name: 'Target' });
    await user.hover(target);
    await advance(tooltipOpenMs + 50);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await moveAway(user);
    await advance(tooltipCloseMs - 100);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await advance(200);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('stays open when the pointer comes back within the close delay', async () => {
    const user = renderTip();
    const target = screen.getByRole('button', { name: 'Target' });
    await user.hover(target);
    await advance(tooltipOpenMs + 50);
    await moveAway(user);
    await advance(tooltipCloseMs - 200);
    await user.hover(target);
    await advance(tooltipCloseMs * 2);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('closes at once on Escape', async () => {
    const user = renderTip();
    await user.hover(screen.getByRole('button', { name: 'Target' }));
    await advance(tooltipOpenMs + 50);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes at once when focus leaves, so Tabbing along controls leaves no tooltip behind', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(
      <>
        <Tooltip content="First reason">
          <button type="button">First</button>
        </Tooltip>
        <Tooltip content="Second reason">
          <button type="button">Second</button>
        </Tooltip>
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('First reason');
    // The second opening makes Radix ask the first to close again: still at once.
    await user.tab();
    await advance(1);
    expect(screen.getAllByRole('tooltip').map((tooltip) => tooltip.textContent)).toEqual(['Second reason']);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await advance(1);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('is portalled into the dialog or landmark around its control, else into the given container (axe region)', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const fallback = document.createElement('div');
    document.body.appendChild(fallback);
    renderWithProviders(
      <>
        <div role="dialog" aria-label="Share">
          <Tooltip content="In the dialog" container={fallback}>
            <button type="button">Inside</button>
          </Tooltip>
        </div>
        <main>
          <Tooltip content="In the main landmark" container={fallback}>
            <button type="button">Main</button>
          </Tooltip>
        </main>
        <Tooltip content="Nowhere in particular" container={fallback}>
          <button type="button">Outside</button>
        </Tooltip>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('dialog').contains(await screen.findByRole('tooltip'))).toBe(true);
    await user.tab();
    await advance(1);
    expect(screen.getByRole('main').contains(screen.getByRole('tooltip'))).toBe(true);
    await user.tab();
    await advance(1);
    expect(fallback.contains(screen.getByRole('tooltip'))).toBe(true);
    fallback.remove();
  });
});
