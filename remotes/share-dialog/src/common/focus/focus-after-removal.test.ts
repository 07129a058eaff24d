import { focusAfterRemoval, rowAfterRemoval } from './focus-after-removal';

const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('rowAfterRemoval', () => {
  it('is the next row, the previous one for the last row, and none for the only row', () => {
    expect(rowAfterRemoval(rows, 2)).toEqual({ id: 3 });
    expect(rowAfterRemoval(rows, 3)).toEqual({ id: 2 });
    expect(rowAfterRemoval([{ id: 7 }], 7)).toBeNull();
    expect(rowAfterRemoval(rows, 9)).toBeNull();
  });
});

describe('focusAfterRemoval', () => {
  function dom() {
    const root = document.createElement('div');
    root.innerHTML = `<input role="combobox" /><div data-collaborator-id="3"><button>Can view</button></div>`;
    document.body.append(root);
    return root;
  }

  it("focuses the row's permission control, or the add field when no row is left", () => {
    const root = dom();
    focusAfterRemoval(root, 3);
    expect(document.activeElement).toBe(root.querySelector('button'));
    focusAfterRemoval(root, null);
    expect(document.activeElement).toBe(root.querySelector('[role="combobox"]'));
    root.remove();
  });
});
