import { validateShareDialogProps } from './mount';

describe('share-dialog props at mount', () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'deck-modal-root';
    document.body.appendChild(root);
  });
  afterEach(() => root.remove());

  const good = { documentOid: 'qr1', open: true, onClose: () => {}, rootElementId: 'deck-modal-root' };

  it('accepts a document, and the folder page with a folder and no document', () => {
    expect(() => validateShareDialogProps(good)).not.toThrow();
    expect(() => validateShareDialogProps({ ...good, documentOid: null, page: 'folder', selectedFolder: { id: 7 } })).not.toThrow();
    expect(() =>
      validateShareDialogProps({ ...good, page: 'viewLinks', footer: 'simple', modal: 'socialShare', prefilled: { email: 'a@b.c', permission: 'editor' }, onUpgrade: () => {} }),
    ).not.toThrow();
  });

  it.each([
    // The spec's messages (§8), with the value named.
    [{ rootElementId: 'nowhere' }, 'Cannot find node root with id nowhere'],
    [{ rootElementId: undefined }, 'Cannot find node root with id undefined'],
    [{ modal: 'lightbox' }, "Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"lightbox\")"],
    // The props' own rules.
    [{ documentOid: undefined }, "share-dialog: documentOid must be a non-empty string (null only with page: 'folder') (got undefined)"],
    [{ documentOid: null }, "share-dialog: documentOid must be a non-empty string (null only with page: 'folder') (got null)"],
    [{ documentOid: null, page: 'folder' }, "share-dialog: selectedFolder must be an object { id: number } with page: 'folder' (got undefined)"],
    [{ open: 'yes' }, 'share-dialog: open must be true or false (got the string "yes")'],
    [{ onClose: undefined }, 'share-dialog: onClose must be a function (got undefined)'],
    [{ onUpgrade: 'plans' }, 'share-dialog: onUpgrade must be a function or left out (got the string "plans")'],
    [{ page: 'settings' }, "share-dialog: page must be 'unified', 'collaborators', 'viewLinks', 'embed', 'folder' or 'activity' or left out (got the string \"settings\")"],
    [{ footer: 'none' }, "share-dialog: footer must be 'full' or 'simple' or left out (got the string \"none\")"],
    [{ prefilled: { permission: 'owner' } }, 'share-dialog: prefilled must be an object {'],
  ])('refuses %j with one clear error', (change, message) => {
    expect(() => validateShareDialogProps({ ...good, ...change })).toThrow(message);
  });

  it('throws MountPropErrors naming the prop', () => {
    expect(() => validateShareDialogProps({ ...good, modal: 'x' })).toThrow(expect.objectContaining({ name: 'MountPropError', prop: 'modal' }));
    expect(() => validateShareDialogProps({ ...good, rootElementId: 'x' })).toThrow(expect.objectContaining({ name: 'MountPropError', prop: 'rootElementId' }));
  });
});
