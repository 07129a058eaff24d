import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { MenuSelect, type MenuOption } from './menu-select';

const options: MenuOption<'viewer' | 'editor' | 'remove'>[] = [
  { value: 'viewer', label: 'Can view' },
  { value: 'editor', label: 'Can edit' },
  { value: 'remove', label: 'Remove', kind: 'action' },
];

/** Waits for the frame in which the menu moves focus to the chosen item. */
async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

function renderSelect(props: Partial<Parameters<typeof MenuSelect>[0]> = {}) {
  const onChange = jest.fn();
  renderWithProviders(<MenuSelect label="Permission for Bob" value="editor" options={options} onChange={onChange} {...props} />);
  return { onChange, trigger: () => screen.getByRole('button', { name: /Permission for Bob/ }) };
}

// A closed menu is a plain button; the Radix menu mounts on its first opening.
describe('MenuSelect before its first opening', () => {
  it('mounts no menu (no document listeners) yet has the trigger’s role, name, state and popup', () => {
    const added = jest.spyOn(document, 'addEventListener');
    const { trigger } = renderSelect();
    expect(added.mock.calls.filter(([type]) => type === 'keydown' || type === 'pointerdown')).toEqual([]);
    expect(trigger()).toHaveAccessibleName('Permission for Bob Can edit');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('data-state', 'closed');
    expect(trigger()).toHaveAttribute('type', 'button');
  });

  it.each([['{Enter}'], [' '], ['{ArrowDown}']])('opens by %s on the chosen item, and Escape gives focus back to the trigger', async (key) => {
    const user = userEvent.setup();
    const { trigger } = renderSelect();
    await user.tab();
    await user.keyboard(key);
    await nextFrame();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Can edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('opens on the chosen item at once: an arrow key pressed right after opening is not undone a frame later', async () => {
    // Fake timers (requestAnimationFrame too): the keys are pressed before any frame, as a fast typist or a test can.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderSelect({ value: 'viewer' });
      await user.tab();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('menuitemradio', { name: 'Can view' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitemradio', { name: 'Can edit' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.getByRole('menuitemradio', { name: 'Can edit' })).toHaveFocus();
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens by pointer and a choice reaches onChange', async () => {
    const user = userEvent.setup();
    const { trigger, onChange } = renderSelect();
    await user.click(trigger());
    await nextFrame();
    await user.click(screen.getByRole('menuitemradio', { name: 'Can view' }));
    expect(onChange).toHaveBeenCalledWith('viewer');
  });

  it('does not open when disabled or unavailable', async () => {
    const user = userEvent.setup();
    const { trigger } = renderSelect({ 'aria-disabled': true });
    await user.click(trigger());
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-disabled', 'true');
  });
});
