import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announced } from '@deck/shared/testing/live-region';
import { renderWithProviders } from '@deck/shared/testing/render';
import { CopyField } from './copy-field';

/** The browser refuses both ways of copying: the Clipboard API and the selection-based fallback. */
function refuseCopying() {
  jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
  document.execCommand = jest.fn(() => false);
}

const execCommand = document.execCommand;

describe('CopyField', () => {
  afterEach(() => {
    document.execCommand = execCommand;
  });

  it('says Copied after a copy, and no error', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const onCopied = jest.fn();
    renderWithProviders(<CopyField label="View link" value="https://deck.example/view/a" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://deck.example/view/a');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(onCopied).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/copy it yourself/)).not.toBeInTheDocument();
  });

  it('says how to copy by hand when the browser refuses, without a text of its own', async () => {
    const user = userEvent.setup();
    refuseCopying();
    const onCopied = jest.fn();
    renderWithProviders(<CopyField label="View link" value="https://deck.example/view/a" onCopied={onCopied} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const message = 'Copying did not work. Select the text and copy it yourself.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await announced(message);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(onCopied).not.toHaveBeenCalled();
  });

  it("says the caller's text when it has one, and drops it once a copy works", async () => {
    const user = userEvent.setup();
    refuseCopying();
    renderWithProviders(<CopyField label="View link" value="https://deck.example/view/a" failedLabel="The link could not be copied." />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The link could not be copied.')).toBeInTheDocument();
    jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.queryByText('The link could not be copied.')).not.toBeInTheDocument();
  });
});
