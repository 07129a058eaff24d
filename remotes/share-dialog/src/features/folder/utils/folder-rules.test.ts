import type { FolderCollaborator, FolderDetails, FolderRole } from '@deck/shared/api/contract';
import { toFolder } from '@deck/shared/domains/folder/folder-collaborators';
import { canAddToFolder, findByEmail, isViewer, removalFor } from './folder-rules';

const alice = { userId: 1, username: 'alice', email: 'alice@example.com' };
const bob = { userId: 2, username: 'bob', email: 'bob@example.com' };
const dave = { userId: 4, username: 'dave', email: 'dave@example.com' };

const member = (id: number, username: string, role: FolderRole, pending = false): FolderCollaborator => ({
  id,
  username,
  name: username,
  email: `${username}@example.com`,
  avatar: null,
  role,
  pending,
});

const aliceRow = member(101, 'alice', 'OWNER');
const bobRow = member(102, 'bob', 'EDITOR');
const daveRow = member(104, 'dave', 'VIEWER');
const ginaRow = member(105, 'gina', 'VIEWER', true);

function folder(viewerRole: FolderRole | null, options: { onlyOwner?: boolean; canAdd?: boolean } = {}) {
  const details: FolderDetails = {
    uuid: 'f',
    id: 7,
    name: 'Marketing',
    creator: { id: alice.userId, name: 'Alice' },
    folder_restrictions: {
      only_owner_can_add_collaborators_to_folder: options.onlyOwner ?? false,
      current_user_role: viewerRole,
      can_add_collaborators: options.canAdd ?? !(options.onlyOwner && viewerRole !== 'OWNER'),
      can_remove_collaborators: viewerRole === 'OWNER',
      can_delete_folder: viewerRole === 'OWNER',
      can_read_activity: viewerRole === 'OWNER',
    },
    only_owner_can_add_collaborators_to_folder: options.onlyOwner ?? false,
    users: [aliceRow, bobRow, daveRow, ginaRow],
    document_oids: [],
  };
  return toFolder(details);
}

describe('canAddToFolder', () => {
  it('lets every collaborator add people', () => {
    expect(canAddToFolder(folder('OWNER'), alice)).toBe(true);
    expect(canAddToFolder(folder('EDITOR'), bob)).toBe(true);
    expect(canAddToFolder(folder('VIEWER'), dave)).toBe(true);
  });

  it('hides the add line from all but the owner when only the owner may add: the server says so', () => {
    expect(canAddToFolder(folder('OWNER', { onlyOwner: true }), alice)).toBe(true);
    expect(canAddToFolder(folder('VIEWER', { onlyOwner: true }), bob)).toBe(false);
  });

  it("follows the server, not the folder's flags", () => {
    expect(canAddToFolder(folder('EDITOR', { canAdd: false }), bob)).toBe(false);
    expect(canAddToFolder(folder('EDITOR', { onlyOwner: true, canAdd: true }), bob)).toBe(true);
  });

  it('offers nothing to a signed-out viewer', () => {
    expect(canAddToFolder(folder(null), null)).toBe(false);
  });
});

describe('removalFor', () => {
  it('never offers to remove the owner, not even to the owner', () => {
    expect(removalFor(aliceRow, folder('OWNER'), alice)).toBe('none');
    expect(removalFor(aliceRow, folder('EDITOR'), bob)).toBe('none');
  });

  it('lets the creator remove anyone else, pending invitations included', () => {
    expect(removalFor(bobRow, folder('OWNER'), alice)).toBe('other');
    expect(removalFor(daveRow, folder('OWNER'), alice)).toBe('other');
    expect(removalFor(ginaRow, folder('OWNER'), alice)).toBe('other');
  });

  it('does not let other collaborators remove anyone but themselves', () => {
    expect(removalFor(daveRow, folder('EDITOR'), bob)).toBe('none');
    expect(removalFor(ginaRow, folder('EDITOR'), bob)).toBe('none');
    expect(removalFor(bobRow, folder('EDITOR'), bob)).toBe('self');
    expect(removalFor(daveRow, folder('VIEWER'), dave)).toBe('self');
  });
});

describe('isViewer', () => {
  it('matches on username or e-mail, in any case, but never a pending invitation', () => {
    expect(isViewer(bobRow, bob)).toBe(true);
    expect(isViewer({ ...bobRow, username: '', email: 'BOB@example.com' }, bob)).toBe(true);
    expect(isViewer({ ...bobRow, pending: true }, bob)).toBe(false);
    expect(isViewer(daveRow, bob)).toBe(false);
  });
});

describe('findByEmail', () => {
  it('finds joined and invited people by address, ignoring case and spaces', () => {
    expect(findByEmail([bobRow, ginaRow], ' Gina@Example.com ')).toBe(ginaRow);
    expect(findByEmail([bobRow], 'carol@example.com')).toBeUndefined();
  });
});
