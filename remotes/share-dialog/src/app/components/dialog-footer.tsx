import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Button } from '@deck/shared/ui/button/button';
import { ReasonTooltip } from '../../common/reason-tooltip';
import { SocialShareButtons } from '../../features/social-share/components/social-share-buttons';
import { dialogMessages as m } from '../messages';
import type { ShareDialogFooter } from '../types';

const Bar = styled.footer`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Sharing = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface DialogFooterProps {
  variant: ShareDialogFooter;
  documentOid: string | null;
  privacy: UnifiedPrivacy | undefined;
  onDone: () => void;
  onEmbed: () => void;
}

function EmbedButton({ privacy, onEmbed }: { privacy: UnifiedPrivacy | undefined; onEmbed: () => void }) {
  const intl = useIntl();
  const permission = privacy?.permissions?.embed;
  const allowed = isAllowed(permission);
  const button = (
    <Button $variant="secondary" disabled={!allowed} onClick={onEmbed}>
      {intl.formatMessage(m.embed)}
    </Button>
  );
  if (allowed || !privacy) return button;
  const reason = permission?.value === 'NOT_POSSIBLE' ? m.noViewUrl : m.onlyCollaborators;
  return (
    <ReasonTooltip title={intl.formatMessage(m.notAllowedToEmbed)} reason={intl.formatMessage(reason)}>
      {button}
    </ReasonTooltip>
  );
}

/** Spec §2: Done; the full footer adds social sharing (Facebook, LinkedIn, Twitter, Google Classroom) and Embed. */
export function DialogFooter({ variant, documentOid, privacy, onDone, onEmbed }: DialogFooterProps) {
  const intl = useIntl();
  return (
    <Bar>
      <Sharing>
        {variant === 'full' && documentOid ? (
          <>
            <SocialShareButtons documentOid={documentOid} />
            <EmbedButton privacy={privacy} onEmbed={onEmbed} />
          </>
        ) : null}
      </Sharing>
      <Button onClick={onDone}>{intl.formatMessage(m.done)}</Button>
    </Bar>
  );
}
