import { useId, type FormEvent } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { CollaboratorPermission, IndividualCollaborator } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { Button } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { OWN_ESCAPE } from '@deck/shared/ui/modal/own-escape';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from '@deck/shared/domains/view-links/link-controls';
import { useSetCollaboratorMutation } from '../api/share-permissions-api';
import { collaboratorsMessages as m } from '../messages';

const Editor = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  flex: 1 1 100%;
  padding: ${({ theme }) => `${theme.space.xs} 0`};
`;

export interface AccessEndEditorProps {
  oid: string;
  collaborator: IndividualCollaborator;
  permission: Extract<CollaboratorPermission, 'viewer' | 'commenter'>;
  name: string;
  /** Closes the editor (saved, removed or Escape); the row hands focus back to its End date button. */
  onDone: () => void;
}

/**
 * The owner's end date on a viewer's or commenter's access, saved through the share list's own change (PUT with
 * `expires_at`), so the server decides (owner only, not editors, in the future) and says why it refuses.
 */
export function AccessEndEditor({ oid, collaborator, permission, name, onDone }: AccessEndEditorProps) {
  const intl = useIntl();
  const labelId = useId();
  const [value, setValue] = useOpeningState(collaborator.access_expires_at ? toLocalDateTimeInput(collaborator.access_expires_at) : '');
  const [failure, setFailure] = useOpeningState<string | null>(null);
  const [setCollaborator, state] = useSetCollaboratorMutation();

  const save = async (expiresAt: string | null) => {
    setFailure(null);
    try {
      await setCollaborator({ oid, email: collaborator.email, permission, notify: false, expiresAt }).unwrap();
      announce(intl.formatMessage(m.endDateSaved));
      onDone();
    } catch (error) {
      const reason = refusalReason(intl, refusalOf(toApiError(error as Parameters<typeof toApiError>[0])));
      setFailure(reason ? `${intl.formatMessage(m.endDateFailed)} ${reason}` : intl.formatMessage(m.endDateFailed));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(fromLocalDateTimeInput(value));
  };

  return (
    <Editor
      aria-labelledby={labelId}
      onSubmit={submit}
      noValidate
      // Escape closes this editor only (the dialog stays open), as a popup inside a dialog does.
      {...OWN_ESCAPE}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onDone();
      }}
    >
      <span id={labelId} hidden>
        {intl.formatMessage(m.setEndDate, { name })}
      </span>
      <TextField
        label={intl.formatMessage(m.endDateLabel)}
        type="datetime-local"
        value={value}
        hint={intl.formatMessage(m.endDateHint)}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the person just asked for this field; focus goes to it
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" disabled={state.isLoading || !value}>
        {intl.formatMessage(m.saveEndDate)}
      </Button>
      {collaborator.access_expires_at ? (
        <Button $variant="ghost" disabled={state.isLoading} onClick={() => void save(null)}>
          {intl.formatMessage(m.removeEndDate)}
        </Button>
      ) : null}
      <ErrorMessage message={failure} />
    </Editor>
  );
}
