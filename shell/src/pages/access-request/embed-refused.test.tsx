import { screen } from '@testing-library/react';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { App } from '../../app';

const OID = 'ps2k7vb5mx9a';

/** What the API answers a visitor who may not see a closed document: signed out 401, signed in 403. */
const REFUSALS = {
  'signed out': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Authentication required', code: 'NOT_AUTHENTICATED' } },
  'signed in without access': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have access to this document', code: 'NOT_ALLOWED' } },
};

describe('the embedded player of a document its visitor may not see', () => {
  let uninstall: () => void;
  afterEach(() => uninstall());

  it.each(Object.entries(REFUSALS))('%s: says it is private, with nothing to retry, sign in to or follow inside the host page', async (_who, refusal) => {
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: null } },
      [`GET /api/v4/presentation/${OID}/`]: refusal,
    }).install();
    renderWithProviders(<App pathname={`/view/${OID}`} search="?embed=1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This presentation is private' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only the people it is shared with can see it, so it cannot be shown on this page.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says it in Japanese too', async () => {
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: null } },
      [`GET /api/v4/presentation/${OID}/`]: REFUSALS['signed out'],
    }).install();
    renderWithProviders(<App pathname={`/view/${OID}`} search="?embed=1" />, { locale: 'ja' });
    expect(await screen.findByRole('heading', { level: 1, name: 'このプレゼンテーションは非公開です' })).toBeInTheDocument();
  });
});
