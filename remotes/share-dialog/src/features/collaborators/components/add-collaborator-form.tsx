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
import { parseAddressList, splitFinished, type AddressProblem, type ParsedAddress } from '../utils/parse-address-list';
import { EmailCombobox } from './email-combobox';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  /* The field has its label above it: the permission menu and Add line up with the field itself. */
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `0 ${theme.space.xs} 0 ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  textarea {
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.sizes.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    padding: ${({ theme }) => theme.space.xs};
    resize: vertical;
  }
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
  // Issue 11: several addresses at once become chips; each invalid one gets its own message.
  const [chips, setChips] = useState<ParsedAddress[]>([]);
  const [listProblems, setListProblems] = useState<AddressProblem[]>([]);
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState('');
  const [setCollaborator, { isLoading }] = useSetCollaboratorMutation();

  /** Turns finished text into chips; returns the problems of the entries that are not addresses. */
  const absorb = (text: string, current: ParsedAddress[]) => {
    const parsed = parseAddressList(text, current.map((chip) => chip.email));
    const next = [...current, ...parsed.addresses];
    setChips(next);
    setListProblems(parsed.problems);
    return { next, problems: parsed.problems };
  };

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
    // Nothing that reads as an address list (no chips, no separator but spaces, no valid address in it): the
    // text is one attempted address and its one problem shows under the field, as for a single address.
    if (chips.length === 0 && !/[,;\n]/.test(email) && parseAddressList(email).addresses.length === 0) {
      const found = emailProblem(email.replace(/^.*<([^<>]*)>\s*$/, '$1').trim());
      setProblem(found);
      setListProblems([]);
      if (found) {
        input.current?.focus();
        return;
      }
    }
    const { next, problems } = absorb(email, chips);
    dispatch(collaboratorsActions.draftEmailChanged(''));
    if (problems.length) input.current?.focus();
    let added = 0;
    let remaining = next;
    for (const chip of next) {
      // A new person carries the referral token; a change for someone already on the document needs none.
      const isNew = !existingEmails.has(chip.email);
      const result = await setCollaborator({ oid: documentOid, email: chip.email, permission, referralToken: isNew ? referralToken : undefined, notify, message });
      if ('error' in result) {
        // The rest stay as chips, to send again (e.g. after the invitation limit frees up).
        const error = toApiError(result.error);
        dispatch(collaboratorsActions.failed({ status: error?.status ?? null, message: error?.message ?? null }));
        setChips(remaining);
        return;
      }
      added += 1;
      remaining = remaining.slice(1);
      trackCollaboratorUpdate({ documentOid, target: 'individual', action: 'add', permission, previousPermission: null });
    }
    setChips([]);
    if (added > 0) dispatch(collaboratorsActions.invited(next.map((chip) => chip.email).join(', ')));
  };

  const addButton = (
    <Button type="submit" disabled={!canAdd || (draftEmail.trim() === '' && chips.length === 0) || isLoading}>
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
            const { finished, rest } = splitFinished(value);
            if (finished) absorb(finished, chips);
            dispatch(collaboratorsActions.draftEmailChanged(finished ? rest.trimStart() : value));
          }}
          onPasteText={(text) => {
            // One pasted address goes into the field as usual; several become chips at once.
            const parsed = parseAddressList(text);
            if (parsed.addresses.length + parsed.problems.length <= 1) return false;
            setProblem(null);
            absorb(text, chips);
            return true;
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
      {chips.length > 0 && (
        <Chips aria-label={intl.formatMessage(m.chips)}>
          {chips.map((chip) => (
            <Chip key={chip.email} title={chip.name ?? undefined}>
              {chip.email}
              <Button
                $variant="ghost"
                aria-label={intl.formatMessage(m.removeChip, { email: chip.email })}
                onClick={() => setChips((current) => current.filter((other) => other.email !== chip.email))}
              >
                ×
              </Button>
            </Chip>
          ))}
        </Chips>
      )}
      {problem ? (
        <ErrorText id={errorId} role="alert">
          {intl.formatMessage(PROBLEM_MESSAGES[problem])}
        </ErrorText>
      ) : null}
      {listProblems.length > 0 && (
        <div role="alert">
          {listProblems.map((entry) => (
            <ErrorText key={entry.text}>
              {intl.formatMessage(m.addressProblem, { address: entry.text, reason: intl.formatMessage(PROBLEM_MESSAGES[entry.problem]) })}
            </ErrorText>
          ))}
        </div>
      )}
      {canAdd && (
        <Options>
          <label>
            <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} /> {intl.formatMessage(m.notify)}
          </label>
          {notify && (
            <textarea
              aria-label={intl.formatMessage(m.inviteMessage)}
              placeholder={intl.formatMessage(m.inviteMessage)}
              maxLength={1000}
              rows={2}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </Options>
      )}
    </Form>
  );
}
