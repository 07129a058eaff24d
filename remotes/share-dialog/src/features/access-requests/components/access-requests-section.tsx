import { useEffect, useId, useRef, useState } from 'react';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { CollaboratorPermission, PermissionFlags, PermissionKey } from '@deck/shared/api/contract';
import type { PendingAccessRequest } from '@deck/shared/domains/access-requests/access-request-contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf } from '@deck/shared/api/server-messages';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { Button } from '@deck/shared/ui/button/button';
import { MenuSelect } from '@deck/shared/ui/select/menu-select';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { useApproveAccessRequestMutation, useDenyAccessRequestMutation, useGetAccessRequestsQuery } from '../api/access-requests-api';
import { accessRequestsMessages as m } from '../messages';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpening, useOpeningState } from '@deck/shared/ui/modal/opening-state';

/** One empty list for every render without data, so the effects that follow the list do not rerun for a new `[]`. */
const NO_REQUESTS: PendingAccessRequest[] = [];

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  flex: 1 1 12rem;
`;

const Name = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Quote = styled.blockquote`
  margin: ${({ theme }) => `${theme.space.xs} 0 0`};
  padding-left: ${({ theme }) => theme.space.sm};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const LEVELS: CollaboratorPermission[] = ['viewer', 'commenter', 'editor'];

function levelLabel(intl: IntlShape, level: CollaboratorPermission): string {
  return intl.formatMessage(level === 'editor' ? m.levelEditor : level === 'commenter' ? m.levelCommenter : m.levelViewer);
}

export interface AccessRequestsSectionProps {
  documentOid: string;
  /** The user's permission flags: a level they may not give someone is not offered. */
  flags: PermissionFlags | undefined;
}

/**
 * The pending requests for access, at the top of the share page for whoever manages the
 * collaborators: who asks and why, a level, Approve and Deny. Nothing shows while there are none.
 */
export function AccessRequestsSection({ documentOid, flags }: AccessRequestsSectionProps) {
  const intl = useIntl();
  const headingId = useId();
  const { data } = useGetAccessRequestsQuery(documentOid);
  const requests = data?.results ?? NO_REQUESTS;
  const [approve] = useApproveAccessRequestMutation();
  const [deny] = useDenyAccessRequestMutation();
  const reportFailure = useReportFailure();
  const [failure, setFailure] = useOpeningState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const opening = useOpening();
  // After a decision, focus goes to the request that took the decided one's place (once the list shows it),
  // so the keyboard user is not dropped to the page; not in a later opening, which starts on the dialog.
  const focusAt = useRef<{ index: number; opening: number } | null>(null);
  useEffect(() => {
    if (focusAt.current === null) return;
    if (focusAt.current.opening !== opening) {
      focusAt.current = null;
      return;
    }
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    if (!items?.length) return;
    items[Math.min(focusAt.current.index, items.length - 1)].querySelector<HTMLElement>('button')?.focus();
    focusAt.current = null;
  }, [opening, requests]);

  // Said once per opening when requests are there, so a screen reader user learns of them without looking.
  const announcedIn = useRef<number | null>(null);
  useEffect(() => {
    if (announcedIn.current === opening || requests.length === 0) return;
    announcedIn.current = opening;
    announce(intl.formatMessage(m.title, { count: requests.length }));
  }, [intl, opening, requests.length]);

  if (requests.length === 0) return null;

  const decide = async (request: PendingAccessRequest, permission: CollaboratorPermission | null) => {
    const name = request.requester.name || request.requester.email;
    setFailure(null);
    focusAt.current = { index: requests.indexOf(request), opening };
    try {
      if (permission) await approve({ oid: documentOid, id: request.id, permission }).unwrap();
      else await deny({ oid: documentOid, id: request.id }).unwrap();
      announce(permission ? intl.formatMessage(m.approved, { name, level: permission }) : intl.formatMessage(m.denied, { name }));
    } catch (error) {
      reportFailure.write(error);
      focusAt.current = null;
      setFailure(intl.formatMessage(m.failed, { reason: failureReason(intl, refusalOf(toApiError(error as Parameters<typeof toApiError>[0]))) }));
    }
  };

  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{intl.formatMessage(m.title, { count: requests.length })}</SectionTitle>
      <List ref={listRef}>
        {requests.map((request) => (
          <AccessRequestItem key={request.id} request={request} flags={flags} onDecide={(permission) => decide(request, permission)} />
        ))}
      </List>
      <ErrorMessage message={failure} />
    </Section>
  );
}

function AccessRequestItem({
  request,
  flags,
  onDecide,
}: {
  request: PendingAccessRequest;
  flags: PermissionFlags | undefined;
  onDecide: (permission: CollaboratorPermission | null) => Promise<void>;
}) {
  const intl = useIntl();
  const { container } = useDialogContext();
  const [level, setLevel] = useOpeningState<CollaboratorPermission>('viewer');
  const [busy, setBusy] = useState(false);
  const name = request.requester.name || request.requester.email;
  const allowed = (permission: CollaboratorPermission) => isAllowed(flags?.[`collaborator_individual_add_${permission}` as PermissionKey]);
  const decide = (permission: CollaboratorPermission | null) => {
    setBusy(true);
    void onDecide(permission).finally(() => setBusy(false));
  };

  return (
    <Item>
      <Who>
        <Name>{name}</Name>
        {request.requester.name ? <Caption>{request.requester.email}</Caption> : null}
        {request.message ? <Quote>{request.message}</Quote> : null}
      </Who>
      <Actions>
        <MenuSelect<CollaboratorPermission>
          label={intl.formatMessage(m.levelFor, { name })}
          value={level}
          options={LEVELS.map((value) => ({ value, label: levelLabel(intl, value), disabled: !allowed(value) }))}
          onChange={setLevel}
          container={container}
        />
        <Button aria-label={intl.formatMessage(m.approveFor, { name })} disabled={busy || !allowed(level)} onClick={() => decide(level)}>
          {intl.formatMessage(m.approve)}
        </Button>
        <Button $variant="secondary" aria-label={intl.formatMessage(m.denyFor, { name })} disabled={busy} onClick={() => decide(null)}>
          {intl.formatMessage(m.deny)}
        </Button>
      </Actions>
    </Item>
  );
}
