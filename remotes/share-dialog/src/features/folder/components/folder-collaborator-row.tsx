import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import { Button } from '@deck/shared/ui/button/button';
import { Caption } from '@deck/shared/ui/text/text';
import { DeliveryNote } from '../../../common/invitations/delivery-note';
import type { FolderRemoval } from '../utils/folder-rules';
import { collaboratorRowMark } from '../../../common/focus/focus-after-removal';
import { folderMessages, folderValueMessages } from '../messages';

/** As the document's rows (collaborator-row.tsx): grows and wraps instead of cutting a name (WCAG 1.4.10). */
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  column-gap: ${({ theme }) => theme.space.md};
  min-height: ${({ theme }) => theme.sizes.collaboratorRow}px;
  box-sizing: border-box;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs} ${theme.space.xxs} 0`};
`;

const Texts = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1 1 8em;
  min-width: 0;
  span {
    overflow-wrap: anywhere;
  }
`;

const Name = styled.span`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
`;

const Pending = styled(Name)`
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Role = styled.span`
  flex: none;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RemoveButton = styled(Button)`
  flex: none;
  font-size: ${({ theme }) => theme.font.sizes.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
`;

/** Initials come from the first and last word of the display name, else the e-mail. */
function avatarPerson(collaborator: FolderCollaborator) {
  const words = collaborator.pending ? [] : collaborator.name.trim().split(/\s+/).filter(Boolean);
  return {
    first_name: words[0] ?? null,
    last_name: words.length > 1 ? words[words.length - 1] : null,
    email: collaborator.email,
    username: collaborator.username,
  };
}

export function displayName(collaborator: FolderCollaborator): string {
  return collaborator.name || collaborator.email || collaborator.username;
}

export interface FolderCollaboratorRowProps {
  collaborator: FolderCollaborator;
  isYou: boolean;
  removal: FolderRemoval;
  busy: boolean;
  onRemove: (collaborator: FolderCollaborator) => void;
}

/** One person with access: avatar, name (or 'Invitation pending'), e-mail, folder role and, where allowed, Remove. */
export function FolderCollaboratorRow({ collaborator, isYou, removal, busy, onRemove }: FolderCollaboratorRowProps) {
  const intl = useIntl();
  const name = displayName(collaborator);
  return (
    <Row {...collaboratorRowMark(collaborator.id)}>
      <Avatar person={avatarPerson(collaborator)} />
      <Texts>
        {collaborator.pending ? (
          <Pending>{intl.formatMessage(folderMessages.pending)}</Pending>
        ) : (
          <Name>{isYou ? intl.formatMessage(folderValueMessages.you, { name }) : name}</Name>
        )}
        {collaborator.email && (collaborator.pending || collaborator.email !== name) ? (
          <Caption>
            {collaborator.email}
            {collaborator.pending && <DeliveryNote state={collaborator.delivery_state} />}
          </Caption>
        ) : null}
      </Texts>
      <Role>{intl.formatMessage(folderMessages[`role${collaborator.role}`])}</Role>
      {removal === 'none' ? null : (
        <RemoveButton
          $variant="ghost"
          // Unavailable while it works, but focusable: a disabled button would drop the focus to the page.
          aria-disabled={busy || undefined}
          aria-label={intl.formatMessage(removal === 'self' ? folderValueMessages.leave : folderValueMessages.remove, { name })}
          onClick={() => {
            if (!busy) onRemove(collaborator);
          }}
        >
          {intl.formatMessage(folderMessages.removeShort)}
        </RemoveButton>
      )}
    </Row>
  );
}
