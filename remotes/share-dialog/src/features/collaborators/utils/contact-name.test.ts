import { contactName } from './contact-name';

describe('contactName', () => {
  it('is the name of a person who has one', () => {
    expect(contactName({ name: 'Bob Brown', email: 'bob@example.com' })).toBe('Bob Brown');
  });

  it('is null for a pending person, whose name is their address (whatever the case) or empty', () => {
    expect(contactName({ name: 'gina@example.com', email: 'gina@example.com' })).toBeNull();
    expect(contactName({ name: 'Gina@Example.com ', email: 'gina@example.com' })).toBeNull();
    expect(contactName({ name: '', email: 'gina@example.com' })).toBeNull();
  });
});
