import { matchContacts } from './match-contacts';

const contacts = [
  { name: 'Bob Brown', email: 'bob@example.com' },
  { name: 'Carol Clark', email: 'carol@example.com' },
  { name: 'Erin Evans', email: 'erin@acme.test' },
];

describe('matchContacts', () => {
  it('matches the name, whatever the case', () => {
    expect(matchContacts(contacts, 'cLaRk')).toEqual([contacts[1]]);
  });

  it('matches the e-mail, whatever the case', () => {
    expect(matchContacts(contacts, 'ACME')).toEqual([contacts[2]]);
  });

  it('offers nothing before anything is typed', () => {
    expect(matchContacts(contacts, '  ')).toEqual([]);
  });

  it('leaves out people already on the document', () => {
    expect(matchContacts(contacts, 'example', new Set(['bob@example.com']))).toEqual([contacts[1]]);
  });
});
