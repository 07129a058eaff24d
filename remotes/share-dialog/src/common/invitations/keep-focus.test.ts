import { refocusAddressFieldIfLost } from './keep-focus';

describe('refocusAddressFieldIfLost', () => {
  let field: HTMLInputElement;
  let button: HTMLButtonElement;
  let other: HTMLButtonElement;
  beforeEach(() => {
    document.body.innerHTML = '<input id="field" /><button id="add">Add</button><button id="other">Other</button>';
    field = document.getElementById('field') as HTMLInputElement;
    button = document.getElementById('add') as HTMLButtonElement;
    other = document.getElementById('other') as HTMLButtonElement;
  });

  it('gives focus to the field when it fell to the page body', () => {
    button.focus();
    button.blur();
    expect(document.activeElement).toBe(document.body);
    refocusAddressFieldIfLost(field);
    expect(document.activeElement).toBe(field);
  });

  it('gives focus to the field when it is still on the disabled Add button', () => {
    button.focus();
    button.disabled = true;
    refocusAddressFieldIfLost(field);
    expect(document.activeElement).toBe(field);
  });

  it('leaves focus the user moved on where it is', () => {
    other.focus();
    refocusAddressFieldIfLost(field);
    expect(document.activeElement).toBe(other);
  });
});
