import { screen } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { App } from '../app';
import { EditorPage } from './editor-page';
import { ViewPage } from './view-page';

const OID = 'nosuchdoc1';
const NOT_FOUND = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Document not found', code: 'NOT_FOUND' } };

/** The one way home every not-found page offers. */
async function expectWayHome() {
  const home = await screen.findByRole('link', { name: 'Go to the home page' });
  expect(home).toHaveAttribute('href', '/');
}

describe('not found', () => {
  beforeEach(() => {
    createFakeServer({
      'GET /api/v1/session/': { body: { user: null } },
      'GET /api/v1/demo/': { body: { users: [], documents: [], folders: [] } },
      [`GET /api/v4/presentation/${OID}/`]: NOT_FOUND,
    }).install();
  });

  it('an unknown address says the page does not exist, as the page heading and title, with a way home', async () => {
    renderWithProviders(<App pathname="/nowhere" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist.' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the address for a typing mistake');
    await expectWayHome();
    expect(document.title).toBe('This page does not exist. – Deck');
  });

  it('the view page of a document that does not exist says so instead of a failure to retry', async () => {
    renderWithProviders(<ViewPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await expectWayHome();
  });

  it('the editor of a document that does not exist says so instead of an empty editor with a Share button', async () => {
    renderWithProviders(<EditorPage oid={OID} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByText(OID)).not.toBeInTheDocument();
    await expectWayHome();
  });

  it('an embedded player of a document that does not exist says so, without a retry or a link away from the host page', async () => {
    renderWithProviders(<App pathname={`/view/${OID}`} search="?embed=1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('It may have been deleted, or the embed code on this page is out of date.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("a design's embed the server found nothing for says the same, in the visitor's language", async () => {
    renderWithProviders(<App pathname="/embed/d/unknowntoken123" />, { locale: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Präsentation gibt es nicht' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sie wurde vielleicht gelöscht, oder der Einbettungscode auf dieser Seite ist veraltet.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('read through a view link, a document deleted since the link opened says it does not exist, not an error to retry', async () => {
    renderWithProviders(<ViewPage oid={OID} viewLinkId="Ab3dEf6hIj9kLm2nOp5qRs8t" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await expectWayHome();
  });
});
