import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { viewLinkMessages as m } from '../messages';
import { viewUrl } from '../utils/view-url';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface SecondaryLink {
  label: string;
  value: string;
}

export interface CopyViewLinkProps {
  type: SchemaVersionName;
  privacy: UnifiedPrivacy;
  /** A second link to copy beside the view link (see docs/decisions.md). */
  secondary?: SecondaryLink | null;
}

/** Spec §2 section 1: copy the view link (primary) and a secondary link. */
export function CopyViewLink({ type, privacy, secondary }: CopyViewLinkProps) {
  const intl = useIntl();
  // Throws the spec's blank error for TIMELINE; the dialog's error boundary shows the generic error.
  const url = viewUrl(type, privacy);
  return (
    <section aria-label={intl.formatMessage(m.title)}>
      <SectionTitle>{intl.formatMessage(m.title)}</SectionTitle>
      {url ? (
        <Stack>
          <CopyField label={intl.formatMessage(m.title)} value={url} />
          <Caption>{intl.formatMessage(privacy.unified_privacy === 'open' ? m.openNote : m.closedNote)}</Caption>
          {secondary?.value ? (
            <>
              <Caption aria-hidden="true">{secondary.label}</Caption>
              <CopyField label={secondary.label} value={secondary.value} />
            </>
          ) : null}
        </Stack>
      ) : (
        <Caption>{intl.formatMessage(m.noViewLink)}</Caption>
      )}
    </section>
  );
}
