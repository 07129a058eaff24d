import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { toApiError } from '@deck/shared/api/errors';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { useGetLinkAnalyticsQuery } from './analytics/api/link-analytics-api';
import { AnalyticsSignIn } from './analytics/components/analytics-sign-in';
import { LinkAnalyticsReport } from './analytics/components/link-analytics-report';
import { analyticsMessages as m } from './analytics/messages';
import { LoadFailure } from './load-failure';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { PageRefusal } from '../layout/page-refusal';

const FALLBACK_ZONE = 'UTC';

function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_ZONE;
}

/**
 * /analytics/<linkId>: a trackable link's views over time with its identified viewers, for the
 * link's creator and the document's owner (spec §2's external route). Everyone else gets a clear
 * refusal; signed-out visitors are offered sign-in, which comes back here.
 */
export function AnalyticsPage({ linkId }: { linkId: string }) {
  const intl = useIntl();
  const session = useGetSessionQuery();
  const signedIn = !!session.data?.user;
  // Days are counted in the viewer's own time zone; one the server does not know falls back to UTC.
  const [timeZone, setTimeZone] = useState(viewerTimeZone);
  const analytics = useGetLinkAnalyticsQuery({ linkId, timeZone }, { skip: !signedIn });
  const error = toApiError(analytics.error);
  if (error?.code === 'INVALID_TIME_ZONE' && timeZone !== FALLBACK_ZONE) setTimeZone(FALLBACK_ZONE);

  if (session.isLoading) return <Spinner label={intl.formatMessage(m.loading)} />;
  if (session.error) return <LoadFailure onRetry={() => void session.refetch()} />;
  if (!signedIn) return <AnalyticsSignIn returnTo={`/analytics/${encodeURIComponent(linkId)}`} />;
  if (analytics.isLoading || (analytics.isFetching && !analytics.data)) return <Spinner label={intl.formatMessage(m.loading)} />;

  if (error?.status === 403 || error?.status === 404) {
    const missing = error.status === 404;
    return (
      <PageRefusal
        title={intl.formatMessage(missing ? m.missingTitle : m.refusedTitle)}
        reason={missing ? intl.formatMessage(m.missingBody) : (refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(m.whoMaySee))}
      />
    );
  }
  if (analytics.error || !analytics.data) return <LoadFailure onRetry={() => void analytics.refetch()} />;
  return <LinkAnalyticsReport report={analytics.data} />;
}
