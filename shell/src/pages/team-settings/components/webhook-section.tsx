import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf } from '@deck/shared/api/server-messages';
import { WEBHOOK_URL_MAX_LENGTH, type TeamWebhook } from '@deck/shared/domains/team-webhooks/webhook-contract';
import { Button } from '@deck/shared/ui/button/button';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { Body, Caption, FieldLabel, SectionTitle } from '@deck/shared/ui/text/text';
import { InlineConfirm } from '../../../layout/inline-confirm';
import { useRemoveTeamWebhookMutation, useRotateWebhookSecretMutation, useSaveTeamWebhookMutation } from '../api/team-settings-api';
import { teamSettingsMessages as page, webhookMessages as m } from '../messages';
import { Actions, Section } from './block-list-section';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * The team's webhook (docs/decisions.md, *Team webhook*): its address, the signing secret shown once (after the
 * address is first saved and after each new secret), and the delivery log. The server refuses an address that is not
 * https or points inside a network, in its words beside the field.
 */
export function WebhookSection({ webhook }: { webhook: TeamWebhook | null }) {
  const intl = useIntl();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [save, saving] = useSaveTeamWebhookMutation();
  const [rotate] = useRotateWebhookSecretMutation();
  const [remove] = useRemoveTeamWebhookMutation();
  const field = useRef<HTMLInputElement>(null);
  const hadWebhook = useRef(webhook !== null);

  // Removed: the section becomes the empty form, and focus goes to its address (the Remove button is gone).
  useEffect(() => {
    if (hadWebhook.current && webhook === null) {
      setUrl('');
      setSecret(null);
      field.current?.focus();
    }
    hadWebhook.current = webhook !== null;
  }, [webhook]);

  const failure = (error: Parameters<typeof toApiError>[0]) => intl.formatMessage(page.saveFailed, { reason: failureReason(intl, refusalOf(toApiError(error))) });
  const saveError = saving.isError ? failureReason(intl, refusalOf(toApiError(saving.error))) : null;

  return (
    <Section aria-labelledby="team-webhook-title">
      <SectionTitle as="h2" id="team-webhook-title">
        {intl.formatMessage(m.title)}
      </SectionTitle>
      <Body>{intl.formatMessage(m.intro)}</Body>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (saving.isLoading) return;
          setStatus('');
          void save({ url: url.trim() }).then((result) => {
            if (!('data' in result) || !result.data) return;
            if (result.data.secret) setSecret(result.data.secret);
            setStatus(intl.formatMessage(m.saved));
          });
        }}
      >
        <Section as="div">
          <TextField
            ref={field}
            type="url"
            inputMode="url"
            label={intl.formatMessage(m.urlLabel)}
            hint={intl.formatMessage(m.urlHint)}
            error={saveError ?? undefined}
            value={url}
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.example.com/deck"
            onChange={(event) => {
              setUrl(event.target.value);
              setStatus('');
            }}
          />
          <Actions>
            <Button type="submit" aria-disabled={saving.isLoading || url.trim() === '' || undefined}>
              {intl.formatMessage(saving.isLoading ? m.saving : webhook ? m.saveUrl : m.add)}
            </Button>
            <Body role="status">{status}</Body>
          </Actions>
        </Section>
      </form>
      {secret ? (
        <Section as="div">
          <FieldLabel htmlFor="team-webhook-secret">{intl.formatMessage(m.secretLabel)}</FieldLabel>
          <CopyField inputId="team-webhook-secret" value={secret} describedBy="team-webhook-secret-once" />
          <Body id="team-webhook-secret-once">{intl.formatMessage(m.secretOnce)}</Body>
        </Section>
      ) : null}
      {webhook ? (
        <>
          <Caption>{intl.formatMessage(m.secretAge, { date: intl.formatDate(webhook.secret_created_at, { dateStyle: 'medium', timeStyle: 'short' }) })}</Caption>
          <Actions>
            <InlineConfirm
              openText={intl.formatMessage(m.rotate)}
              openLabel={intl.formatMessage(m.rotateLabel)}
              title={intl.formatMessage(m.rotateTitle)}
              body={intl.formatMessage(m.rotateBody)}
              cancelText={intl.formatMessage(m.cancel)}
              confirmText={intl.formatMessage(m.rotateConfirm)}
              busyText={intl.formatMessage(m.rotating)}
              onConfirm={async () => {
                const result = await rotate();
                if ('error' in result) return failure(result.error);
                setSecret(result.data.secret ?? null);
                return null;
              }}
            />
            <InlineConfirm
              openText={intl.formatMessage(m.remove)}
              openLabel={intl.formatMessage(m.removeLabel)}
              title={intl.formatMessage(m.removeTitle)}
              body={intl.formatMessage(m.removeBody, { url: webhook.url })}
              cancelText={intl.formatMessage(m.cancel)}
              confirmText={intl.formatMessage(m.remove)}
              busyText={intl.formatMessage(m.removing)}
              onConfirm={async () => {
                const result = await remove();
                if ('error' in result) return failure(result.error);
                setStatus(intl.formatMessage(m.removed));
                return null;
              }}
            />
          </Actions>
          <WebhookDeliveries />
        </>
      ) : null}
    </Section>
  );
}
