import type { APIRequestContext } from '@playwright/test';
import { test, expect, csrfToken, demoDocument } from './fixtures';
import { choose, openShareDialog, row } from './share-dialog-helpers';

/** Alice, the demo documents' owner, gives `email` a level on `oid` through the share API. */
async function grantAsOwner(request: APIRequestContext, oid: string, email: string, permission: 'viewer' | 'commenter' | 'editor') {
  const answer = await request.put(`/api/v1/share/${oid}/permissions/`, { data: { email, permission }, headers: { 'X-CSRFToken': await csrfToken(request) } });
  expect(answer.ok()).toBeTruthy();
}

/**
 * Where the dialog once worked a rule out for itself and disagreed with the server, it now shows what the server
 * decides, on the real server (docs/architecture.md, "How a request is authorised").
 */
test.describe('the dialog follows the server', () => {
  test("a collaborator can change someone at their own level, and the server takes the change", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    // Alice (the owner) makes Dave a commenter, Carol's level.
    await grantAsOwner(request, oid, 'dave@example.com', 'commenter');

    const { dialog } = await openShareDialog(page, request, 'carol', 'Quarterly Review');
    const daveMenu = row(dialog, 'Dave Davis').getByRole('button', { name: 'Permission for Dave Davis' });
    await expect(daveMenu).toBeEnabled();
    // Bob is an editor, above Carol: his row stays locked, as the server would refuse.
    await expect(row(dialog, 'Bob Brown').getByRole('button', { name: 'Permission for Bob Brown' })).toBeDisabled();

    const saved = page.waitForResponse((response) => response.url().includes(`/api/v1/share/${oid}/permissions/`) && response.request().method() === 'PUT');
    await choose(page, dialog, 'Permission for Dave Davis', 'Can view');
    expect((await saved).status()).toBe(200);
    await expect(daveMenu).toContainText('Can view');
  });

  test("a team member's Create link on a closed document gives the server's reason, the team's switch, not the access level", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Private Strategy');
    // Alice (the owner) makes Grace an editor; Grace's team (Globex) has trackable links switched off.
    await grantAsOwner(request, oid, 'grace@example.com', 'editor');

    const { dialog } = await openShareDialog(page, request, 'grace', 'Private Strategy');
    const create = dialog.getByRole('button', { name: 'Create link' });
    await expect(create).toBeDisabled();
    await create.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Creating trackable links is disabled for your team');
    await expect(tooltip).not.toContainText('Only individuals can access');
  });
});
