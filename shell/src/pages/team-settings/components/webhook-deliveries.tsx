import { useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf } from '@deck/shared/api/server-messages';
import type { WebhookDelivery } from '@deck/shared/domains/team-webhooks/webhook-contract';
import { Button } from '@deck/shared/ui/button/button';
import { FailureWithRetry } from '@deck/shared/ui/live-region/failure-with-retry';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body } from '@deck/shared/ui/text/text';
import { DataTable, TableScroll } from '../../../layout/data-table';
import { useGetWebhookDeliveriesInfiniteQuery } from '../api/team-settings-api';
import { deliveryStatusMessages, teamSettingsMessages as page, webhookMessages as m } from '../messages';

const when = (intl: IntlShape, iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** What the receiver last answered: its HTTP status, else why no answer came (a timeout, a refused address). */
function lastAnswer(intl: IntlShape, delivery: WebhookDelivery): string {
  if (delivery.last_http_status !== null) return intl.formatMessage(m.httpStatus, { status: delivery.last_http_status });
  return delivery.last_error ?? intl.formatMessage(m.noAnswer);
}

/** The webhook's delivery log, newest first, a page at a time (docs/api.md, *Team webhook*). */
export function WebhookDeliveries() {
  const intl = useIntl();
  const log = useGetWebhookDeliveriesInfiniteQuery();
  const deliveries = log.data?.pages.flatMap((one) => one.deliveries) ?? [];
  const table = useRef<HTMLDivElement>(null);
  const askedOlder = useRef(false);
  // The last page came: "Show older" is gone, so the focus it had goes to the table it grew, not to the page.
  useEffect(() => {
    if (askedOlder.current && !log.isFetchingNextPage && !log.hasNextPage) {
      askedOlder.current = false;
      table.current?.focus();
    }
  }, [log.isFetchingNextPage, log.hasNextPage]);
  if (log.isError) {
    return (
      <FailureWithRetry
        message={`${intl.formatMessage(page.loadFailed)} ${failureReason(intl, refusalOf(toApiError(log.error)))}`}
        retryLabel={intl.formatMessage(page.retry)}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (!log.data) return <Spinner label={intl.formatMessage(page.loading)} />;
  if (deliveries.length === 0) return <Body>{intl.formatMessage(m.noDeliveries)}</Body>;
  return (
    <>
      {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
      <TableScroll ref={table} tabIndex={0} role="region" aria-labelledby="team-webhook-deliveries">
        <DataTable>
          <caption id="team-webhook-deliveries">{intl.formatMessage(m.deliveries)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.columnCreated)}</th>
              <th scope="col">{intl.formatMessage(m.columnEvent)}</th>
              <th scope="col">{intl.formatMessage(m.columnStatus)}</th>
              <th scope="col" className="number">
                {intl.formatMessage(m.columnAttempts)}
              </th>
              <th scope="col">{intl.formatMessage(m.columnAnswer)}</th>
              <th scope="col">{intl.formatMessage(m.columnNext)}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{when(intl, delivery.created_at)}</td>
                <td>{delivery.event}</td>
                <td>{intl.formatMessage(deliveryStatusMessages[delivery.status])}</td>
                <td className="number">{intl.formatNumber(delivery.attempts)}</td>
                <td>{lastAnswer(intl, delivery)}</td>
                <td>{when(intl, delivery.delivered_at ?? delivery.next_attempt_at)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
      {log.hasNextPage ? (
        <div>
          <Button $variant="secondary" aria-disabled={log.isFetchingNextPage || undefined} onClick={() => {
              if (log.isFetchingNextPage) return;
              askedOlder.current = true;
              void log.fetchNextPage();
            }}>
            {intl.formatMessage(m.older)}
          </Button>
        </div>
      ) : null}
    </>
  );
}
