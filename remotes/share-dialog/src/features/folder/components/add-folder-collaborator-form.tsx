import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { logger } from '@deck/shared/logging/logger';
import { Button } from '@deck/shared/ui/button/button';
import { TextInput } from '@deck/shared/ui/text-field/text-field';
import { Caption, ErrorText, FieldLabel } from '@deck/shared/ui/text/text';
import { isValidEmail } from '@deck/shared/validation/email';
import { useAddFolderCollaboratorMutation } from '../api/folder-api';
import { findByEmail } from '../utils/folder-rules';
import { trackCollaboratorAddFailed, trackCollaboratorAdded } from '../analytics';
import { folderMessages, folderValueMessages } from '../messages';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';

/** The name a failed add is logged under (spec §8). */
export const ERROR_ADDING_MEMBER = 'ERROR_ADDING_MEMBER';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Line = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const Input = styled(TextInput)`
  flex: 1;
  min-width: 0;
`;

const HintLine = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.md};
`;

type Problem = { kind: 'invalid' } | { kind: 'already'; email: string } | { kind: 'failed'; email: string; reason: string };

export interface AddFolderCollaboratorFormProps {
  folderId: number;
  collaborators: readonly FolderCollaborator[];
  /** The success callback: runs once the server has added the person. */
  onAdded: (email: string) => void;
  /** A live status shown beside the hint, such as 'E-mail sent'. */
  status?: ReactNode;
}

/** Adds a person to the folder by e-mail, always as a VIEWER (spec §6). What was typed stays until it is added. */
export function AddFolderCollaboratorForm({ folderId, collaborators, onAdded, status }: AddFolderCollaboratorFormProps) {
  const intl = useIntl();
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [add, { isLoading }] = useAddFolderCollaboratorMutation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setProblem({ kind: 'invalid' });
      return;
    }
    if (findByEmail(collaborators, address)) {
      setProblem({ kind: 'already', email: address });
      return;
    }
    setProblem(null);
    try {
      await add({ folderId, email: address }).unwrap();
    } catch (caught) {
      const error = toApiError(caught as Parameters<typeof toApiError>[0]);
      // The address stays out of the log: it is someone else's personal data.
      void logger.error({
        object: 'folder',
        action: 'add_collaborator',
        name: ERROR_ADDING_MEMBER,
        message: error?.message ?? error?.statusText ?? 'Generic Error',
        status: error?.status ?? null,
        folder_id: folderId,
      });
      trackCollaboratorAddFailed(folderId, error?.status ?? null);
      setProblem({ kind: 'failed', email: address, reason: refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(folderMessages.genericErrorReason) });
      return;
    }
    trackCollaboratorAdded(folderId);
    setEmail('');
    onAdded(address);
  }

  const problemText =
    problem?.kind === 'invalid'
      ? intl.formatMessage(folderMessages.invalidEmail)
      : problem?.kind === 'already'
        ? intl.formatMessage(folderValueMessages.alreadyInFolder, { email: problem.email })
        : problem?.kind === 'failed'
          ? intl.formatMessage(folderValueMessages.addFailed, { email: problem.email, reason: problem.reason })
          : null;

  return (
    <Form noValidate onSubmit={submit}>
      <FieldLabel htmlFor={id}>{intl.formatMessage(folderMessages.emailLabel)}</FieldLabel>
      <Line>
        <Input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage(folderMessages.emailPlaceholder)}
          value={email}
          aria-invalid={problem?.kind === 'invalid' || problem?.kind === 'already'}
          aria-describedby={problemText ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setEmail(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        <Button type="submit" disabled={email.trim() === '' || isLoading}>
          {intl.formatMessage(isLoading ? folderMessages.adding : folderMessages.add)}
        </Button>
      </Line>
      <HintLine>
        <Caption id={hintId}>{intl.formatMessage(folderMessages.addsViewers)}</Caption>
        {status}
      </HintLine>
      {problemText ? (
        <ErrorText id={errorId} role="alert">
          {problemText}
        </ErrorText>
      ) : null}
    </Form>
  );
}
