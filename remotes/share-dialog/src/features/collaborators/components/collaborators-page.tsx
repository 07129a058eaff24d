import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Button } from '@deck/shared/ui/button/button';
import { ScreenHeading } from '@deck/shared/ui/text/screen-heading';
import { collaboratorsMessages as m } from '../messages';
import { FieldInput } from './email-combobox';
import { CollaboratorsSection, type CollaboratorsSectionProps } from './collaborators-section';

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  h3 {
    margin: 0;
  }
`;

const Search = styled.div`
  margin-bottom: ${({ theme }) => theme.space.sm};
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
    <section aria-label={intl.formatMessage(m.pageTitle)}>
      <TitleRow>
        <Button $variant="ghost" onClick={onBack}>
          <span aria-hidden="true">←</span> {intl.formatMessage(m.back)}
        </Button>
        <ScreenHeading as="h3">{intl.formatMessage(m.pageTitle)}</ScreenHeading>
      </TitleRow>
      <Search>
        <FieldInput
          type="search"
          aria-label={intl.formatMessage(m.search)}
          placeholder={intl.formatMessage(m.search)}
          value={filter}
          onChange={(event) => dispatch(collaboratorsActions.filterChanged(event.target.value))}
        />
      </Search>
      <CollaboratorsSection {...section} filter={filter} />
    </section>
  );
}
