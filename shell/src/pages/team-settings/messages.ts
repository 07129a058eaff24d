import { defineMessage, defineMessages } from 'react-intl';
import type { WebhookDeliveryStatus } from '@deck/shared/domains/team-webhooks/webhook-contract';

export const teamSettingsMessages = {
  ...defineMessages({
    title: { id: 'shell.teamSettings.title', defaultMessage: 'Team link settings' },
    intro: { id: 'shell.teamSettings.intro', defaultMessage: "Rules for every trackable link of your team's documents." },
    loading: { id: 'shell.teamSettings.loading', defaultMessage: 'Loading team settings…' },
    loadFailed: { id: 'shell.teamSettings.loadFailed', defaultMessage: 'The team settings could not be loaded.' },
    retry: { id: 'shell.teamSettings.retry', defaultMessage: 'Try again' },
    refusedTitle: { id: 'shell.teamSettings.refusedTitle', defaultMessage: 'You cannot see this page' },
    signedOut: { id: 'shell.teamSettings.signedOut', defaultMessage: "Sign in to manage your team's link settings." },
  }),
  saveFailed: defineMessage<{ reason: string }>({ id: 'shell.teamSettings.saveFailed', defaultMessage: 'Not saved: {reason}' }),
};

export const blockListMessages = {
  ...defineMessages({
    title: { id: 'shell.teamSettings.blockList.title', defaultMessage: 'Blocked viewers' },
    label: { id: 'shell.teamSettings.blockList.label', defaultMessage: 'Addresses and domains to block' },
    save: { id: 'shell.teamSettings.blockList.save', defaultMessage: 'Save block list' },
    saving: { id: 'shell.teamSettings.blockList.saving', defaultMessage: 'Saving…' },
    saved: { id: 'shell.teamSettings.blockList.saved', defaultMessage: 'Block list saved.' },
  }),
  hint: defineMessage<{ max: number }>({
    id: 'shell.teamSettings.blockList.hint',
    defaultMessage:
      'Separate entries with spaces or commas: name@example.com, or @example.com for a whole domain. Up to {max} entries. Blocked people cannot open any trackable link of your team, even one that lists them.',
  }),
  count: defineMessage<{ count: number; max: number }>({ id: 'shell.teamSettings.blockList.count', defaultMessage: '{count} of {max}' }),
  tooLong: defineMessage<{ max: number }>({ id: 'shell.teamSettings.blockList.tooLong', defaultMessage: 'Remove some entries: the list holds at most {max}.' }),
};

export const webhookMessages = {
  ...defineMessages({
    title: { id: 'shell.teamSettings.webhook.title', defaultMessage: 'Webhook' },
    intro: {
      id: 'shell.teamSettings.webhook.intro',
      defaultMessage:
        "Each recorded visit of your team's trackable links is sent to this address as a signed POST request (event “link.opened”). Failed deliveries are tried again for a while.",
    },
    urlLabel: { id: 'shell.teamSettings.webhook.urlLabel', defaultMessage: 'Webhook address' },
    urlHint: { id: 'shell.teamSettings.webhook.urlHint', defaultMessage: 'An https:// address on the public internet.' },
    add: { id: 'shell.teamSettings.webhook.add', defaultMessage: 'Add webhook' },
    saveUrl: { id: 'shell.teamSettings.webhook.saveUrl', defaultMessage: 'Save address' },
    saving: { id: 'shell.teamSettings.webhook.saving', defaultMessage: 'Saving…' },
    saved: { id: 'shell.teamSettings.webhook.saved', defaultMessage: 'Webhook address saved.' },
    secretLabel: { id: 'shell.teamSettings.webhook.secretLabel', defaultMessage: 'Signing secret' },
    secretOnce: {
      id: 'shell.teamSettings.webhook.secretOnce',
      defaultMessage: 'Copy it now: it is shown only this once. Your receiver checks the X-Deck-Signature header of each request with it.',
    },
    rotate: { id: 'shell.teamSettings.webhook.rotate', defaultMessage: 'New signing secret' },
    rotateLabel: { id: 'shell.teamSettings.webhook.rotateLabel', defaultMessage: 'Make a new signing secret' },
    rotateTitle: { id: 'shell.teamSettings.webhook.rotateTitle', defaultMessage: 'Make a new signing secret?' },
    rotateBody: { id: 'shell.teamSettings.webhook.rotateBody', defaultMessage: 'The current secret stops working at once: give your receiver the new one.' },
    rotateConfirm: { id: 'shell.teamSettings.webhook.rotateConfirm', defaultMessage: 'Make new secret' },
    rotating: { id: 'shell.teamSettings.webhook.rotating', defaultMessage: 'Making…' },
    remove: { id: 'shell.teamSettings.webhook.remove', defaultMessage: 'Remove' },
    removeLabel: { id: 'shell.teamSettings.webhook.removeLabel', defaultMessage: 'Remove the webhook' },
    removeTitle: { id: 'shell.teamSettings.webhook.removeTitle', defaultMessage: 'Remove the webhook?' },
    removing: { id: 'shell.teamSettings.webhook.removing', defaultMessage: 'Removing…' },
    removed: { id: 'shell.teamSettings.webhook.removed', defaultMessage: 'Webhook removed.' },
    cancel: { id: 'shell.teamSettings.webhook.cancel', defaultMessage: 'Cancel' },
    deliveries: { id: 'shell.teamSettings.webhook.deliveries', defaultMessage: 'Deliveries, newest first' },
    noDeliveries: { id: 'shell.teamSettings.webhook.noDeliveries', defaultMessage: 'Nothing has been sent yet.' },
    older: { id: 'shell.teamSettings.webhook.older', defaultMessage: 'Show older deliveries' },
    columnEvent: { id: 'shell.teamSettings.webhook.columnEvent', defaultMessage: 'Event' },
    columnStatus: { id: 'shell.teamSettings.webhook.columnStatus', defaultMessage: 'Status' },
    columnAttempts: { id: 'shell.teamSettings.webhook.columnAttempts', defaultMessage: 'Attempts' },
    columnAnswer: { id: 'shell.teamSettings.webhook.columnAnswer', defaultMessage: 'Last answer' },
    columnCreated: { id: 'shell.teamSettings.webhook.columnCreated', defaultMessage: 'Made' },
    columnNext: { id: 'shell.teamSettings.webhook.columnNext', defaultMessage: 'Delivered or next try' },
    noAnswer: { id: 'shell.teamSettings.webhook.noAnswer', defaultMessage: 'No answer yet' },
  }),
  secretAge: defineMessage<{ date: string }>({ id: 'shell.teamSettings.webhook.secretAge', defaultMessage: 'Signing secret made on {date}.' }),
  removeBody: defineMessage<{ url: string }>({ id: 'shell.teamSettings.webhook.removeBody', defaultMessage: 'Visits are no longer sent to {url}; deliveries still pending are marked failed.' }),
  httpStatus: defineMessage<{ status: number }>({ id: 'shell.teamSettings.webhook.httpStatus', defaultMessage: 'HTTP {status}' }),
};

export const deliveryStatusMessages = defineMessages<WebhookDeliveryStatus>({
  pending: { id: 'shell.teamSettings.webhook.status.pending', defaultMessage: 'Pending' },
  delivered: { id: 'shell.teamSettings.webhook.status.delivered', defaultMessage: 'Delivered' },
  failed: { id: 'shell.teamSettings.webhook.status.failed', defaultMessage: 'Failed' },
});
