import { flags } from '../../../testing/fixtures';
import { sharingRefusal } from './sharing-refusal';

describe('sharingRefusal', () => {
  it("is the team admin's when the server's code says so", () => {
    const refused = flags('ALLOWED', { collaborator_organization_add_viewer: 'NOT_ALLOWED_IN_ORG' });
    expect(sharingRefusal(refused, { collaborator_organization_add_viewer: 'team_sharing' }, 'collaborator_organization_add_viewer')).toBe('team');
  });

  it("follows the code, not the value: the owner-only code is the user's right whatever the value", () => {
    const refused = flags('ALLOWED', { collaborator_organization_add_viewer: 'NOT_ALLOWED_IN_ORG' });
    expect(sharingRefusal(refused, { collaborator_organization_add_viewer: 'org_only_owner' }, 'collaborator_organization_add_viewer')).toBe('right');
  });

  it('falls back to the permission value from a server that sends no codes', () => {
    expect(sharingRefusal(flags('ALLOWED', { collaborator_individual_add_viewer: 'NOT_ALLOWED_IN_ORG' }), undefined, 'collaborator_individual_add_viewer')).toBe('team');
    expect(sharingRefusal(flags('ALLOWED', { collaborator_individual_add_viewer: 'NOT_ALLOWED' }), undefined, 'collaborator_individual_add_viewer')).toBe('right');
  });
});
