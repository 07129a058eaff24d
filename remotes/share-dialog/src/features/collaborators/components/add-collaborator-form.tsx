import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import type { CollaboratorPermission, Contact, PermissionFlags, PermissionLevel } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Button } from '@deck/shared/ui/button/button';
import { MenuSelect } from '@deck/shared/ui/select/menu-select';
import { ErrorText } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { useSetCollaboratorMutation } from '../api/share-permissions-api';
import { trackCollaboratorUpdate } from '../analytics';
import { collaboratorsMessages as m } from '../messages';
import { addableLevels } from '../utils/addable-levels';
import { emailProblem, type EmailProblem } from '@deck/shared/validation/email';
import { levelLabel } from '../utils/level-label';
import { toLevel, toWirePermission } from '../utils/permission-levels';
import { EmailCombobox } from './email-combobox';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const PROBLEM_MESSAGES: Record<EmailProblem, MessageDescriptor> = {
  empty: m.emailEmpty,
  'too-long': m.emailTooLong,
  'local-part-too-long': m.emailLocalTooLong,
  'domain-label-too-long': m.emailLabelTooLong,
  shape: m.emailShape,
};

export interface AddCollaboratorFormProps {
  documentOid: string;
  contacts: readonly Contact[];
  /** Addresses already on the document, left out of the suggestions (lower case). */
  existingEmails: ReadonlySet<string>;
  userLevel: PermissionLevel;
  flags: PermissionFlags | undefined;
  /** Sent with invitations so the invitee's sign-up credits the inviter. */
  referralToken?: string;
}

/** Spec §5: add a person by address or from contacts, with a permission up to the user's own (default can view). */
export function AddCollaboratorForm({ documentOid, contacts, existingEmails, userLevel, flags, referralToken }: AddCollaboratorFormProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { container } = useDialogContext();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const draftEmail = useAppSelector(collaboratorsSelectors.selectDraftEmail);
  const draftPermission = useAppSelector(collaboratorsSelectors.selectDraftPermission);
  const prefilled = useAppSelector(collaboratorsSelectors.selectPrefilled);
  const [problem, setProblem] = useState<EmailProblem | null>(null);
  const [setCollaborator, { isLoading }] = useSetCollaboratorMutation();

  const levels = addableLevels(userLevel, flags);
  const canAdd = levels.length > 0;
  // A prefilled or remembered level above what this user may give falls back to the default.
  const permission: CollaboratorPermission = levels.includes(toLevel(draftPermission)) ? draftPermission : 'viewer';

  useEffect(() => {
    if (prefilled.email !== undefined) dispatch(collaboratorsActions.prefilledEmailApplied());
    if (prefilled.permission !== undefined) dispatch(collaboratorsActions.prefilledPermissionApplied());
  }, [dispatch, prefilled.email, prefilled.permission]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = draftEmail.trim();
    const found = emailProblem(email);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    // A new person carries the referral token; a change for someone already on the document needs none.
    const isNew = !existingEmails.has(email.toLowerCase());
    const result = await setCollaborator({ oid: documentOid, email, permission, referralToken: isNew ? referralToken : undefined });
    if ('error' in result) {
      const error = toApiError(result.error);
      dispatch(collaboratorsActions.failed({ status: error?.status ?? null, message: error?.message ?? null }));
      return;
    }
    dispatch(collaboratorsActions.invited(email));
    trackCollaboratorUpdate({ documentOid, target: 'individual', action: 'add', permission, previousPermission: null });
  };

  const addButton = (
    <Button type="submit" disabled={!canAdd || draftEmail.trim() === '' || isLoading}>
      {intl.formatMessage(m.add)}
    </Button>
  );

  return (
    <Form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.addLabel)}>
      <Line>
        <EmailCombobox
          ref={input}
          value={draftEmail}
          onValueChange={(value) => {
            setProblem(null);
            dispatch(collaboratorsActions.draftEmailChanged(value));
          }}
          contacts={contacts}
          excludedEmails={existingEmails}
          disabled={!canAdd}
          invalid={problem !== null}
          describedBy={problem ? errorId : undefined}
        />
        <MenuSelect
          label={intl.formatMessage(m.addPermission)}
          value={toLevel(permission)}
          options={(canAdd ? levels : [toLevel(permission)]).map((level) => ({ value: level, label: levelLabel(intl, level) }))}
          onChange={(level) => dispatch(collaboratorsActions.draftPermissionChanged(toWirePermission(level)))}
          disabled={!canAdd}
          container={container}
        />
        {canAdd ? (
          addButton
        ) : (
          <ReasonTooltip
            title={intl.formatMessage(m.cannotAdd)}
            reason={intl.formatMessage(flags?.collaborator_individual_add_viewer?.value === 'NOT_ALLOWED_IN_ORG' ? m.teamSharingOff : m.noAddRight)}
          >
            {addButton}
          </ReasonTooltip>
        )}
      </Line>
      {problem ? (
        <ErrorText id={errorId} role="alert">
          {intl.formatMessage(PROBLEM_MESSAGES[problem])}
        </ErrorText>
      ) : null}
    </Form>
  );
}
