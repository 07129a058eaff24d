import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from './users';
import { pruneActivity } from './activity-log';
import { sendAccessEndingNotices } from './collaborator-expiry';
import { sendLinkDigests } from './link-open-notices';
import { pruneWebhookLog } from './webhook-deliveries';

export interface PruneResult {
  clientLogs: number;
  analyticsEvents: number;
  sessions: number;
  rateLimitWindows: number;
  identityTokenUses: number;
  sharingActivity: number;
}

/**
 * Deletes what the server keeps only for a while: client logs and analytics events past their
 * retention period, sharing activity past its own (activityRetentionDays), finished webhook deliveries after 30 days, ended rate-limit windows (and link attempts), expired sessions and the uses of expired identity tokens.
 */
export async function pruneExpired(db: Db, config: ServerConfig): Promise<PruneResult> {
  const now = config.now();
  const cutoff = new Date(now.getTime() - config.telemetryRetentionDays * 24 * 60 * 60 * 1000);
  const logs = await db.deleteFrom('client_logs').where('received_at', '<', cutoff).executeTakeFirst();
  const events = await db.deleteFrom('analytics_events').where('received_at', '<', cutoff).executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  const windows = await db.deleteFrom('rate_limit_counters').where('window_end', '<=', now).executeTakeFirst();
  const tokenUses = await db.deleteFrom('identity_token_uses').where('expires_at', '<=', now).executeTakeFirst();
  const activity = await pruneActivity(db, new Date(now.getTime() - config.activityRetentionDays * 24 * 60 * 60 * 1000));
  await db.deleteFrom('link_verifications').where('expires_at', '<=', now).execute();
  await db.deleteFrom('link_unlock_rate_limits').where('expires_at', '<=', now).execute();
  await pruneWebhookLog(db, now);
  return {
    clientLogs: Number(logs.numDeletedRows),
    analyticsEvents: Number(events.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    rateLimitWindows: Number(windows.numDeletedRows),
    identityTokenUses: Number(tokenUses.numDeletedRows),
    sharingActivity: activity,
  };
}

/** Prunes once when the server is ready, then every `pruneIntervalSeconds`; stops when the server closes. */
export function schedulePruning(app: FastifyInstance, db: Db, config: ServerConfig): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    Promise.all([
      pruneExpired(db, config),
      // The notices of access that ends soon and the daily digests of link opens ride on the same timer.
      sendAccessEndingNotices(db, config.now(), config.publicOrigin),
      sendLinkDigests(db, config.now()),
    ]).catch((err: unknown) => {
      app.log.error(err);
    });
  app.addHook('onReady', async () => {
    await run();
    if (config.pruneIntervalSeconds > 0) {
      timer = setInterval(() => void run(), config.pruneIntervalSeconds * 1000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
