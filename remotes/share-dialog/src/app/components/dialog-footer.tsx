import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { Button } from '@deck/shared/ui/button/button';
import { ReasonTooltip } from '../../common/reason-tooltip';
import { opens } from '../../common/screen-opener';
import { SocialShareButtons } from '../../features/social-share/components/social-share-buttons';
import { embedAccess } from '../../features/embed/utils/embed-access';
import { embedBlockMessages } from '../../features/embed/messages';
import { dialogMessages as m } from '../messages';
import { activityPageMessages } from '../../features/activity/messages';
import type { ShareDialogFooter } from '../../public-types';

const Bar = styled.footer`
  flex: none;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
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
  documentType: SchemaVersionName | undefined;
  onDone: () => void;
  onEmbed: () => void;
  /** Opens the Activity page; none: the button is not shown. */
  onActivity?: () => void;
}

/** Embed is enabled exactly when the Embed page would give working code, and explains itself as that page does. */
function EmbedButton({ privacy, documentType, onEmbed }: { privacy: UnifiedPrivacy | undefined; documentType: SchemaVersionName | undefined; onEmbed: () => void }) {
  const intl = useIntl();
  const access = privacy && documentType ? embedAccess(privacy, documentType) : null;
  const button = (
    <Button $variant="secondary" {...opens('embed')} disabled={!access?.allowed} onClick={onEmbed}>
      {intl.formatMessage(m.embed)}
    </Button>
  );
  if (!access || access.allowed) return button;
  const reason = embedBlockMessages[access.block];
  return (
    <ReasonTooltip title={intl.formatMessage(m.notAllowedToEmbed)} reason={reason ? intl.formatMessage(reason) : null}>
      {button}
    </ReasonTooltip>
  );
}

/** Spec §2: Done; the full footer adds social sharing (Facebook, LinkedIn, Twitter, Google Classroom) and Embed. */
export function DialogFooter({ variant, documentOid, privacy, documentType, onDone, onEmbed, onActivity }: DialogFooterProps) {
  const intl = useIntl();
  return (
    <Bar>
      <Sharing>
        {variant === 'full' && documentOid ? (
          <>
            <SocialShareButtons documentOid={documentOid} />
            <EmbedButton privacy={privacy} documentType={documentType} onEmbed={onEmbed} />
          </>
        ) : null}
      </Sharing>
      <Actions>
        {onActivity ? (
          <Button $variant="secondary" {...opens('activity')} onClick={onActivity}>
            {intl.formatMessage(activityPageMessages.title)}
          </Button>
        ) : null}
        <Button onClick={onDone}>{intl.formatMessage(m.done)}</Button>
      </Actions>
    </Bar>
  );
}
