import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { Modal } from '@deck/shared/ui/modal/modal';
import { DialogContextProvider } from '../../../common/dialog-context';
import { LeaveConfirmation } from './leave-confirmation';

/** The share dialog with a permission menu button, whose menu item (gone once chosen) asks the question. */
function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <DialogContextProvider value={{ documentOid: 'qr1', container: document.body }}>
      <Modal open onClose={() => {}} title="Sharing and privacy" hideTitle container={document.body}>
        <button type="button" id="mine">
          Permission for Bob Brown Can edit
        </button>
        {/* Stands for the menu item: it disappears as the question opens, so it cannot take focus back. */}
        {asking ? null : (
          <button type="button" onClick={() => setAsking(true)}>
            Remove
          </button>
        )}
        {asking ? (
          <LeaveConfirmation
            onConfirm={onConfirm}
            onCancel={() => setAsking(false)}
            returnFocusTo={() => document.getElementById('mine')}
          />
        ) : null}
      </Modal>
    </DialogContextProvider>
  );
}

describe('LeaveConfirmation (the shared alert dialog, not an inline box)', () => {
  it('is an alert dialog that takes focus on Cancel, keeps it, and on Escape gives it to the permission menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove yourself from this document?' });
    expect(question).toHaveTextContent('You will lose access to it unless someone adds you again.');
    const cancel = within(question).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.tab();
    expect(question).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Permission for Bob Brown Can edit' })).toHaveFocus());
  });

  it('confirms with its danger button', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getAllByRole('button').at(-1)!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
