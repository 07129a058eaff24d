import type { FolderCollaborator } from '../../api/contract';
import { ownersFolderDetails } from '@deck/shared/testing/folder-details';
import { folderCollaboratorSelectors, hasDetails, toFolder } from './folder-collaborators';

const person = (id: number, name: string, role: FolderCollaborator['role'], pending = false): FolderCollaborator => ({
  id,
  name,
  username: pending ? '' : name.toLowerCase(),
  email: `${name.toLowerCase()}@example.com`,
  avatar: null,
  role,
  pending,
});

const details = (users: unknown[]) => ownersFolderDetails({ users: users as FolderCollaborator[] });

describe('toFolder', () => {
  it('keys collaborators by id and keeps the folder details', () => {
    const folder = toFolder(details([person(11, 'Bob', 'EDITOR'), person(10, 'Alice', 'OWNER')]));
    expect(folder.name).toBe('Marketing');
    expect(folder.collaborators.entities[11]?.name).toBe('Bob');
    expect('users' in folder).toBe(false);
  });

  it('orders the owner first, then editors, viewers and pending invitations, by name within each', () => {
    const folder = toFolder(
      details([
        person(14, 'Gina', 'VIEWER', true),
        person(13, 'Dave', 'VIEWER'),
        person(12, 'Carol', 'VIEWER'),
        person(11, 'Bob', 'EDITOR'),
        person(10, 'Alice', 'OWNER'),
      ]),
    );
    expect(folderCollaboratorSelectors.selectAll(folder.collaborators).map((user) => user.name)).toEqual([
      'Alice',
      'Bob',
      'Carol',
      'Dave',
      'Gina',
    ]);
  });

  it('drops users without details', () => {
    const folder = toFolder(details([person(10, 'Alice', 'OWNER'), null, { role: 'VIEWER' }, { id: 12, role: 'VIEWER', name: '', email: '', username: '' }]));
    expect(folderCollaboratorSelectors.selectIds(folder.collaborators)).toEqual([10]);
  });
});

describe('hasDetails', () => {
  it('needs an id, a role and something that names the person', () => {
    expect(hasDetails(person(1, 'Ann', 'VIEWER'))).toBe(true);
    expect(hasDetails({ id: 1, role: 'VIEWER', email: 'x@example.com' })).toBe(true);
    expect(hasDetails({ id: 1, email: 'x@example.com' })).toBe(false);
    expect(hasDetails(undefined)).toBe(false);
  });
});
