import { expect, test } from './fixtures';
import { openShareDialog } from './share-dialog-helpers';

test.describe('how many invitations are left', () => {
  test('pasting more addresses than the limit has left says how many more people can be invited, before anything is sent', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    // More than the limit allows in an hour (20 by default), so whatever other tests have sent, too many wait.
    const addresses = Array.from({ length: 25 }, (_, index) => `many${index}@example.org`).join(', ');
    await field.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, addresses);
    await expect(dialog.getByRole('list', { name: 'Addresses to add' }).getByRole('listitem')).toHaveCount(25);
    const left = dialog.getByRole('status').filter({ hasText: /this hour/ });
    // Between the field and the chips, so it is in sight while the list of chips runs on.
    await expect(left).toBeInViewport();
    await expect(left).toHaveText(/^You (can invite \d+ more (person|people)|cannot invite more people) this hour\.$/);
    await page.screenshot({ path: test.info().outputPath('invitations-left.png') });
  });
});
