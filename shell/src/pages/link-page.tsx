import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { toApiError } from '@deck/shared/api/errors';
import { logger } from '@deck/shared/logging/logger';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { resourceSelectors } from '@deck/shared/api/resource-slice';
import { linkFormOutcomeKey, type LinkFormOutcome } from '@deck/shared/domains/view-links/link-page-forms';
import { useAppSelector } from '@deck/shared/store/hooks';
import { useRecordLinkVisitMutation } from './link/api/recipient-api';
import { useLinkOpening } from './link/api/link-opening';
import { IdentificationForm } from './link/components/identification-form';
import { LinkUnavailable, type UnavailableReason } from './link/components/link-unavailable';
import { outcomeRefusalText, PasscodeForm, VerificationForm } from './link/components/link-lock-forms';
import { LINK_LOCK_CODES } from '@deck/shared/domains/view-links/link-controls';
import { linkMessages as m } from './link/messages';
import type { ViewerIdentity } from './link/utils/viewer-identity';
import { LoadFailure } from './load-failure';
import { ViewPage } from './view-page';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { watermarkViewer } from '@deck/shared/domains/view-links/link-download';
import { CopyProtected, DownloadControl } from './link/components/link-copy-controls';
import { LinkOpenForm } from './link/components/link-open-form';
import { linkOpenPost } from '../first-view/link-open';

// Only a link that asks for a watermark fetches its code. The server's first view has it loaded ahead
// (first-view/render-entry.tsx), so the page shows the watermark from its first paint.
export const LinkWatermark = lazy(() => import(/* webpackChunkName: "link-watermark" */ './link/components/link-watermark').then((m) => ({ default: m.LinkWatermark })));

/** 410: the link was deactivated (or expired); 404: there never was such a link, or its presentation was deleted. */
function unavailableReason(status: number | null, code: string | null = null): UnavailableReason | null {
  if (status === 410) return code === LINK_LOCK_CODES.expired ? 'expired' : 'revoked';
  if (status === 404) return 'missing';
  return null;
}

/**
 * /l/<linkId>: what a recipient of a trackable link sees. A live link shows the document's public
 * view page, read (and liked) through the link; a deactivated link shows that it no longer gives
 * access and nothing of the document. With viewer identification on, the viewer gives a name and
 * an e-mail first. Each open is recorded once (the server ignores links not visible on analytics).
 */
export function LinkPage({ linkId }: { linkId: string }) {
  const intl = useIntl();
  const opening = useLinkOpening(linkId);
  // What the last lock form's post without JavaScript came to, as the server wrote it into the page (or nothing).
  const posted = (useAppSelector((state) => resourceSelectors.selectResource(state, linkFormOutcomeKey(linkId)).data) as LinkFormOutcome | undefined) ?? null;
  const { data: session } = useGetSessionQuery();
  const [recordVisit, visit] = useRecordLinkVisitMutation();
  const [identified, setIdentified] = useState(false);
  // The name given on the identification step, for the watermark.
  const [givenName, setGivenName] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<UnavailableReason | null>(null);
  const [failure, setFailure] = useState<string | null>(() => outcomeRefusalText(intl, posted));
  const recordedPlainOpen = useRef(false);

  const link = opening.data;
  // The server issues one id per open of the page: retries and re-renders record the same visit.
  const openId = link?.open_id;
  useEffect(() => {
    if (!link || !openId || link.viewer_identification || recordedPlainOpen.current) return;
    recordedPlainOpen.current = true;
    const record = () =>
      recordVisit({ linkId, open_id: openId })
        .unwrap()
        .catch((error: unknown) => {
          // The viewer still sees the document; the owner's count misses this one open.
          const apiError = toApiError(error as Parameters<typeof toApiError>[0]);
          void logger.error({ object: 'view_link', action: 'record_visit', trigger: 'page_load', documentOid: link.presentation_oid, message: apiError?.message ?? 'Visit not recorded', link_id: linkId });
        });
    // A page the server wrote posted its open as it was painted (link-open.ts): recorded again only if that failed.
    const posted = linkOpenPost(openId);
    if (posted) void posted.then((recorded) => (recorded ? undefined : record()));
    else void record();
  }, [link, linkId, openId, recordVisit]);

  if (opening.isLoading) return <Spinner label={intl.formatMessage(m.opening)} />;
  if (opening.error || !link) {
    const apiError = toApiError(opening.error);
    // The link id is the opening's only input: refused as malformed (400), it names no link, as an unknown one.
    // A protected link (view-link controls) asks first; the server sent nothing of the document.
    if (apiError?.status === 403 && apiError.code === LINK_LOCK_CODES.passcode) return <PasscodeForm linkId={linkId} posted={posted} onUnlocked={() => void opening.refetch()} />;
    if (apiError?.status === 403 && apiError.code === LINK_LOCK_CODES.verification) return <VerificationForm linkId={linkId} posted={posted} onVerified={() => void opening.refetch()} />;
    const reason = apiError?.status === 400 ? 'missing' : unavailableReason(apiError?.status ?? null, apiError?.code ?? null);
    return reason ? <LinkUnavailable reason={reason} /> : <LoadFailure onRetry={() => void opening.refetch()} />;
  }
  if (unavailable) return <LinkUnavailable reason={unavailable} />;

  if (link.viewer_identification && !identified) {
    const user = session?.user;
    const submit = async (identity: ViewerIdentity) => {
      setFailure(null);
      try {
        await recordVisit({ linkId, open_id: link.open_id, viewer_name: identity.name, viewer_email: identity.email }).unwrap();
        setGivenName(identity.name);
        setIdentified(true);
      } catch (error) {
        const apiError = toApiError(error as Parameters<typeof toApiError>[0]);
        const reason = unavailableReason(apiError?.status ?? null, apiError?.code ?? null);
        if (reason) {
          setUnavailable(reason);
          return;
        }
        const detail =
          refusalReason(intl, refusalOf(apiError)) ?? intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' });
        setFailure(`${intl.formatMessage(m.sendFailed)} ${detail}`);
      }
    };
    return (
      <IdentificationForm
        linkId={linkId}
        key={user?.userOid ?? 'anonymous'}
        opening={link}
        initial={{ name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: link.verified_email ?? user?.email ?? '' }}
        busy={visit.isLoading}
        failure={failure}
        onSubmit={(identity) => void submit(identity)}
      />
    );
  }

  // What the server decided for this link (docs/decisions.md, *Download control and watermark*): a Download control,
  // or no selecting nor printing of the slides; and the watermark over them when the link asks for it.
  const extras = {
    actions: link.can_download ? <DownloadControl linkId={linkId} openId={link.open_id} /> : null,
    overStage: link.watermark ? (
      <Suspense fallback={null}>
        <LinkWatermark viewer={watermarkViewer(link.verified_email, givenName ?? link.viewer_name)} openedAt={link.opened_at} />
      </Suspense>
    ) : null,
  };
  const view = (
    <>
      <ViewPage oid={link.presentation_oid} viewLinkId={linkId} openId={link.open_id} linkExtras={extras} />
      <LinkOpenForm linkId={linkId} openId={link.open_id} />
    </>
  );
  return link.can_download ? view : <CopyProtected>{view}</CopyProtected>;
}
