import { announced } from '@deck/shared/testing/live-region';
import { act, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { collaboratorsActions } from '@deck/shared/domains/collaborators/collaborators-slice';
import { loadServerMessages } from '@deck/shared/api/server-messages';
import { CollaboratorFeedback } from './collaborator-feedback';

const REVOKED = 'This link has been deactivated and no longer gives access.';

describe('CollaboratorFeedback: the server’s refusal in the page’s language', () => {
  // These refusals are put in the store directly; in the app they arrive through the data path,
  // which has loaded the table of translated server texts first (server-messages.ts).
  beforeAll(() => loadServerMessages());

  it('shows a German refusal with no English inside, from the message code', async () => {
    const { store } = renderWithProviders(<CollaboratorFeedback />, { locale: 'de' });
    act(() => {
      store.dispatch(collaboratorsActions.failed({ status: 403, message: REVOKED, messageCode: 'link_revoked', messageValues: null }));
    });
    // The German catalogue loads on demand.
    const alert = await announced();
    await waitFor(() => expect(alert).toHaveTextContent('Dieser Link wurde deaktiviert und gewährt keinen Zugriff mehr.'));
    expect(alert.textContent).not.toMatch(/deactivated|access|link has/i);
  });

  it('fills the values of a templated refusal (the invitation limit)', async () => {
    const { store } = renderWithProviders(<CollaboratorFeedback />, { locale: 'de' });
    act(() => {
      store.dispatch(
        collaboratorsActions.failed({
          status: 429,
          message: 'Too many invitations. You can send at most 20 invitations per hour; try again in 7 minute(s).',
          messageCode: 'invite_rate_limit',
          messageValues: { max: '20', minutes: '7' },
        }),
      );
    });
    await announced('Zu viele Einladungen. Sie können höchstens 20 Einladungen pro Stunde senden; versuchen Sie es in 7 Minute(n) erneut.');
  });

  it('falls back to the server’s English only for a code it does not know', async () => {
    const { store } = renderWithProviders(<CollaboratorFeedback />, { locale: 'de' });
    act(() => {
      store.dispatch(collaboratorsActions.failed({ status: 403, message: 'A reason from a newer server', messageCode: 'from_the_future', messageValues: null }));
    });
    await announced('A reason from a newer server');
  });
});
