import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { ScreenHeader } from '../../../common/screen-header';
import { collaboratorsMessages as m } from '../messages';
import { FieldInput } from './email-combobox';
import { CollaboratorsSection, type CollaboratorsSectionProps } from './collaborators-section';

/** Draws its own header in place of the dialog's title, as the other screens do (common/screen-header.tsx). */
const Page = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
`;

export interface CollaboratorsPageProps extends Omit<CollaboratorsSectionProps, 'filter'> {
  onBack: () => void;
}

/** Spec §2 'Manage Collaborators': the same form and list, with a search for long lists. */
export function CollaboratorsPage({ onBack, ...section }: CollaboratorsPageProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const filter = useAppSelector(collaboratorsSelectors.selectFilter);
  return (
    <Page aria-label={intl.formatMessage(m.pageTitle)}>
      <ScreenHeader title={intl.formatMessage(m.pageTitle)} onBack={onBack} />
      <FieldInput
        type="search"
        aria-label={intl.formatMessage(m.search)}
        placeholder={intl.formatMessage(m.search)}
        value={filter}
        onChange={(event) => dispatch(collaboratorsActions.filterChanged(event.target.value))}
      />
      <CollaboratorsSection {...section} filter={filter} />
    </Page>
  );
}
