/**
 * A team's webhook (docs/api.md, *Team webhook*): one address per team that the server tells of each recorded
 * visit of a team member's trackable link, signed with a secret the team's admins are shown once.
 */

/** The event a recorded visit sends. */
export const WEBHOOK_EVENT_LINK_OPENED = 'link.opened';

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = { event: 'X-Deck-Event', delivery: 'X-Deck-Delivery', signature: 'X-Deck-Signature' } as const;

/** The longest webhook address the server keeps. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Deliveries per page of the log (GET /api/v1/team/webhook/deliveries/), by default and at most. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 200;

/** GET/PUT /api/v1/team/webhook/: the team's webhook; `secret` only in the answer that made it (creation or rotation). */
export interface TeamWebhook {
  url: string;
  created_at: string;
  /** When the signing secret was last made (creation or rotation). */
  secret_created_at: string;
  /** The signing secret, shown once: only in the answer of the PUT that created the webhook and of a rotation. */
  secret?: string;
}

/** `pending` (not yet delivered, maybe retrying), `delivered` (a 2xx), `failed` (given up after the last attempt). */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status; null before an answer (not tried yet, refused address, timeout). */
  last_http_status: number | null;
  /** Why the last attempt failed, when it did. */
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  /** Pass as `before` for the next (older) page; null on the last. */
  next_before: number | null;
}

/** The body of a `link.opened` delivery. */
export interface LinkOpenedEvent {
  event: typeof WEBHOOK_EVENT_LINK_OPENED;
  link: { id: string; name: string };
  document: { title: string };
  visited_at: string;
  /** Only what the link recorded: a name and an address when it asks for them or verifies them; never an IP. */
  visitor: { name: string | null; email: string | null };
}
