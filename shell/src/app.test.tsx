import { screen } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { App } from './app';

jest.mock('./pages/view-page', () => ({
  ViewPage: ({ oid, playerOnly }: { oid: string; playerOnly?: boolean }) => <p>{playerOnly ? 'player only' : 'view'} of {oid}</p>,
}));

describe('App', () => {
  beforeEach(() => {
    createFakeServer({ 'GET /api/v1/session/': { body: { user: null } }, 'GET /api/v1/demo/': { body: { users: [], documents: [], folders: [] } } }).install();
  });

  it('shows the view page inside the site header', async () => {
    renderWithProviders(<App pathname="/view/abc" />);
    expect(await screen.findByText('view of abc')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('shows the player only for the player-only link and embeds, without the site header', async () => {
    renderWithProviders(<App pathname="/view/abc" search="?embed=1" />);
    expect(await screen.findByText('player only of abc')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('says when a page does not exist', async () => {
    renderWithProviders(<App pathname="/nowhere" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page does not exist.');
  });
});
