import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SHARING_ACTIONS, type TeamActivityChoices, type TeamActivityFilters } from '@deck/shared/domains/sharing-activity/activity-contract';
import { Button } from '@deck/shared/ui/button/button';
import { fieldEdge, TextInput } from '@deck/shared/ui/text-field/text-field';
import { actionNames, teamActivityMessages as m, teamActivityValueMessages as v } from '../messages';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Fields = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  /* As many columns as fit at 14rem; one at 390 px, so no label or choice is cut (German, Japanese). */
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Legend = styled.legend`
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
  margin-bottom: ${({ theme }) => theme.space.sm};
  padding: 0;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  label {
    font-size: ${({ theme }) => theme.font.sizes.md};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

const Select = styled.select`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  ${fieldEdge}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  width: 100%;
  min-width: 0;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -1px;
  }
`;

const DateInput = styled(TextInput)`
  width: 100%;
  min-width: 0;
  box-sizing: border-box;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** What the form holds: each control's value as typed (a date as `YYYY-MM-DD`, nothing chosen as ''). */
export interface FilterDraft {
  actor: string;
  action: string;
  document: string;
  folder: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FilterDraft = { actor: '', action: '', document: '', folder: '', from: '', to: '' };

/** The start of a calendar day in the browser's time zone, `days` later, as an instant (what the API takes). */
function startOfDay(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day + days).toISOString();
}

/**
 * The draft as the API's filters: a period covers whole days in the admin's own time zone, from the start of the
 * first to the start of the day after the last (docs/api.md, *Sharing activity*).
 */
export function filtersOf(draft: FilterDraft): TeamActivityFilters {
  return {
    ...(draft.actor ? { actor: Number(draft.actor) } : {}),
    ...(draft.action ? { action: draft.action as TeamActivityFilters['action'] } : {}),
    ...(draft.document ? { document: draft.document } : {}),
    ...(draft.folder ? { folder: Number(draft.folder) } : {}),
    ...(draft.from ? { from: startOfDay(draft.from) } : {}),
    ...(draft.to ? { to: startOfDay(draft.to, 1) } : {}),
  };
}

export interface TeamActivityFiltersFormProps {
  choices: TeamActivityChoices | undefined;
  onApply: (draft: FilterDraft) => void;
}

/** The team page's filters: native controls, each with its label, applied together with one button. */
export function TeamActivityFiltersForm({ choices, onApply }: TeamActivityFiltersFormProps) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  const set = (name: keyof FilterDraft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  // Two people may share a name: the address tells them apart.
  const names = choices?.people.map((person) => person.name) ?? [];
  const shared = new Set(names.filter((name, index) => names.indexOf(name) !== index));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Form onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <Fields>
        <Legend id={`${id}-legend`}>{intl.formatMessage(m.filters)}</Legend>
        <Field>
          <label htmlFor={`${id}-actor`}>{intl.formatMessage(m.person)}</label>
          <Select id={`${id}-actor`} value={draft.actor} onChange={set('actor')}>
            <option value="">{intl.formatMessage(m.everyone)}</option>
            {choices?.people.map((person) => (
              <option key={person.id} value={person.id}>
                {shared.has(person.name) ? intl.formatMessage(v.personOption, { name: person.name, email: person.email }) : person.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor={`${id}-action`}>{intl.formatMessage(m.action)}</label>
          <Select id={`${id}-action`} value={draft.action} onChange={set('action')}>
            <option value="">{intl.formatMessage(m.everyAction)}</option>
            {SHARING_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {intl.formatMessage(actionNames[action])}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor={`${id}-document`}>{intl.formatMessage(m.document)}</label>
          <Select id={`${id}-document`} value={draft.document} onChange={set('document')}>
            <option value="">{intl.formatMessage(m.everyDocument)}</option>
            {choices?.documents.map((document) => (
              <option key={document.oid} value={document.oid}>
                {document.title}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor={`${id}-folder`}>{intl.formatMessage(m.folder)}</label>
          <Select id={`${id}-folder`} value={draft.folder} onChange={set('folder')}>
            <option value="">{intl.formatMessage(m.everyFolder)}</option>
            {choices?.folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <label htmlFor={`${id}-from`}>{intl.formatMessage(m.from)}</label>
          <DateInput id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
        </Field>
        <Field>
          <label htmlFor={`${id}-to`}>{intl.formatMessage(m.to)}</label>
          <DateInput id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} />
        </Field>
      </Fields>
      <Buttons>
        <Button type="submit">{intl.formatMessage(m.apply)}</Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {intl.formatMessage(m.clear)}
        </Button>
      </Buttons>
    </Form>
  );
}
