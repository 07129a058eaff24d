import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { logger } from '@deck/shared/logging/logger';
import { Button } from '@deck/shared/ui/button/button';
import { TextInput } from '@deck/shared/ui/text-field/text-field';
import { Caption, FieldLabel } from '@deck/shared/ui/text/text';
import type { EmailProblem } from '@deck/shared/validation/email';
import { AddressChips } from '../../../common/invitations/address-chips';
import { inviteLimitRetryAfter, inviteLimitText } from '../../../common/invitations/invite-limit';
import { InvitationsLeft } from '../../../common/invitations/invitations-left';
import { refocusAddressFieldIfLost } from '../../../common/invitations/keep-focus';
import { NotifyOptions } from '../../../common/invitations/notify-options';
import { readTypedAddresses } from '../../../common/invitations/typed-addresses';
import { sendEach } from '../../../common/invitations/send-each';
import { useAddressChips } from '../../../common/invitations/use-address-chips';
import { useAddFolderCollaboratorMutation } from '../api/folder-api';
import { findByEmail } from '../utils/folder-rules';
import { trackCollaboratorAddFailed, trackCollaboratorAdded } from '../analytics';
import { folderMessages, folderValueMessages } from '../messages';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

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

/** Every kind of invalid entry in a list reads as the folder page's one invalid-address message. */
const PROBLEM_MESSAGES: Record<EmailProblem, MessageDescriptor> = {
  empty: folderMessages.invalidEmail,
  'too-long': folderMessages.invalidEmail,
  'local-part-too-long': folderMessages.invalidEmail,
  'domain-label-too-long': folderMessages.invalidEmail,
  shape: folderMessages.invalidEmail,
};

type Problem = { kind: 'invalid' } | { kind: 'already'; email: string } | { kind: 'failed'; email: string; reason: string };

export interface AddFolderCollaboratorFormProps {
  folderId: number;
  collaborators: readonly FolderCollaborator[];
  /** The success callback: runs once the server has added everyone sent; `notified` says whether e-mails went out. */
  onAdded: (emails: string[], notified: boolean) => void;
  /** A live status shown beside the hint, such as 'E-mail sent'. */
  status?: ReactNode;
}

/**
 * Adds people to the folder by e-mail, always as VIEWERs (spec §6): one address, or several typed or pasted
 * at once as chips, with 'Notify people' and a message (the document dialog's pieces). What was not
 * added stays, to send again.
 */
export function AddFolderCollaboratorForm({ folderId, collaborators, onAdded, status }: AddFolderCollaboratorFormProps) {
  const intl = useIntl();
  const id = useId();
  const [email, setEmail] = useOpeningState('');
  const [problem, setProblem] = useOpeningState<Problem | null>(null);
  const [notify, setNotify] = useOpeningState(true);
  const [message, setMessage] = useOpeningState('');
  const addresses = useAddressChips();
  const [add, { isLoading }] = useAddFolderCollaboratorMutation();
  const reportFailure = useReportFailure();
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    const read = readTypedAddresses(typed, addresses);
    if (read.kind === 'problem') {
      setProblem({ kind: 'invalid' });
      return;
    }
    // One address typed on its own keeps the single-address messages and stays in the field on failure.
    const { single, next } = read;
    const already = next.find((chip) => findByEmail(collaborators, chip.email));
    if (already) {
      setProblem({ kind: 'already', email: single ? typed : already.email });
      if (!single) addresses.setChips(next.filter((chip) => chip !== already));
      return;
    }
    setProblem(null);
    if (!single) setEmail('');
    const result = await sendEach(next, async (chip) => {
      const sent = await add({ folderId, email: chip.email, notify, message });
      return 'error' in sent ? (sent.error ?? null) : null;
    });
    refocusAddressFieldIfLost(input.current);
    if (result.sent.length > 0) trackCollaboratorAdded(folderId);
    if (result.error) {
      reportFailure.write(result.error);
      const error = toApiError(result.error);
      // The address stays out of the log: it is someone else's personal data.
      void logger.error({
        object: 'folder',
        action: 'add_collaborator',
        trigger: 'user_action',
        name: ERROR_ADDING_MEMBER,
        message: error?.message ?? error?.statusText ?? 'Generic Error',
        status: error?.status ?? null,
        folder_id: folderId,
      });
      trackCollaboratorAddFailed(folderId, error?.status ?? null);
      const retryAfter = inviteLimitRetryAfter(result.error);
      const reason =
        retryAfter !== null
          ? inviteLimitText(intl, retryAfter, single ? 0 : result.unsent.length)
          : (refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(folderMessages.genericErrorReason));
      setProblem({ kind: 'failed', email: result.unsent[0].email === typed.toLowerCase() ? typed : result.unsent[0].email, reason });
      if (!single) addresses.setChips(result.unsent);
      if (result.sent.length > 0) onAdded(result.sent.map((chip) => chip.email), notify);
      return;
    }
    setEmail('');
    addresses.setChips([]);
    onAdded(result.sent.map((chip) => chip.email), notify);
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
          ref={input}
          id={id}
          // Text, not email: an email field drops the spaces of a typed 'Name <address>'.
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage(folderMessages.emailPlaceholder)}
          value={email}
          aria-invalid={problem?.kind === 'invalid' || problem?.kind === 'already'}
          aria-describedby={problemText ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setEmail(addresses.typed(event.target.value));
            if (problem) setProblem(null);
          }}
          onPaste={(event) => {
            // One pasted address goes into the field as usual; several become chips at once.
            if (addresses.pasted(event.clipboardData.getData('text/plain'))) {
              event.preventDefault();
              setProblem(null);
            }
          }}
        />
        <Button type="submit" disabled={(email.trim() === '' && addresses.chips.length === 0) || isLoading}>
          {intl.formatMessage(isLoading ? folderMessages.adding : folderMessages.add)}
        </Button>
      </Line>
      {/* Above the chips, which can run long: the count stays in sight of the field. */}
      <InvitationsLeft chips={addresses.chips.length} typed={email} />
      <AddressChips chips={addresses.chips} problems={addresses.problems} problemMessages={PROBLEM_MESSAGES} onRemove={addresses.remove} />
      <HintLine>
        <Caption id={hintId}>{intl.formatMessage(folderMessages.addsViewers)}</Caption>
        {status}
      </HintLine>
      <ErrorMessage id={errorId} message={problemText} />
      <NotifyOptions notify={notify} onNotifyChange={setNotify} message={message} onMessageChange={setMessage} />
    </Form>
  );
}
