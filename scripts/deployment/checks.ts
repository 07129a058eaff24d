import { acknowledged, type ApiClient, type SmtpSink, type Write } from './clients';
import type { Instance } from './instances';
import { query, until } from './topology';

/** What a check found wrong; the run fails at the end with all of them. */
export const problems: string[] = [];
const fail = (step: string, what: string) => problems.push(`${step}: ${what}`);

/** The last write of each key (a liker, a document) and whether it was acknowledged. */
function lastWrites(writes: readonly Write[], kind: (k: Write['kind']) => boolean): Map<string, Write> {
  const last = new Map<string, Write>();
  for (const write of writes) if (kind(write.kind)) last.set(write.key, write);
  return last;
}

/**
 * Every acknowledged write is in the database (read on the primary, with the load paused): each liker's like is as
 * its last acknowledged press left it, the document's like count equals its like rows, every acknowledged invitation
 * has its collaborator row and its e-mail in the outbox, the published flag is the last acknowledged one.
 */
export async function acknowledgedWritesKept(step: string, primaryUrl: string, writes: readonly Write[], likeOid: string, owner: ApiClient): Promise<void> {
  const likes = lastWrites(writes, (k) => k === 'like' || k === 'unlike');
  const likers = await query<{ email: string }>(
    primaryUrl,
    'select u.email from likes l join users u on u.id = l.user_id join documents d on d.id = l.document_id where d.oid = $1',
    [likeOid],
  );
  const liked = new Set(likers.map((row) => row.email));
  for (const [email, write] of likes) {
    if (acknowledged(write) && liked.has(email) !== write.value) fail(step, `${email}'s acknowledged ${write.kind} is not in the database`);
  }
  const doc = await owner.send('GET', `/api/v4/presentation/${likeOid}/`);
  const count = (JSON.parse(doc.body) as { likes_count: number }).likes_count;
  if (count !== liked.size) fail(step, `the like count says ${count}, the likes table holds ${liked.size}`);

  const invited = writes.filter((w) => w.kind === 'invite' && acknowledged(w)).map((w) => w.key);
  const rows = await query<{ email: string; mails: string }>(
    primaryUrl,
    `select c.email, (select count(*) from outbox o where o.to_email = c.email) as mails from collaborators c where c.email = any($1::text[])`,
    [invited],
  );
  const found = new Map(rows.map((row) => [row.email, Number(row.mails)]));
  for (const email of invited) {
    if (!found.has(email)) fail(step, `the acknowledged invitation of ${email} is not in the database`);
    else if (found.get(email) !== 1) fail(step, `${email} has ${found.get(email)} e-mails in the outbox, not 1`);
  }

  const publish = [...lastWrites(writes, (k) => k === 'publish').values()][0];
  if (publish && acknowledged(publish)) {
    const [row] = await query<{ published: boolean }>(primaryUrl, 'select published from documents where oid = $1', [publish.key]);
    if (row.published !== publish.value) fail(step, `the acknowledged published=${publish.value} is not in the database`);
  }
  console.log(`  ${step}: ${writes.filter(acknowledged).length} acknowledged writes of ${writes.length} checked (${invited.length} invitations, ${liked.size} likes now)`);
}

/**
 * Every e-mail was mailed once: an address gets as many e-mails as the outbox holds for it (the reader is invited
 * anew at each step), none more; once the outbox has drained, exactly as many as it marked sent.
 */
export async function mailedOnce(step: string, primaryUrl: string, sink: SmtpSink, opts: { drain: boolean }): Promise<void> {
  if (opts.drain) {
    await until('the outbox to send every e-mail', async () => Number((await query<{ n: string }>(primaryUrl, `select count(*) as n from outbox where status = 'pending'`))[0].n) === 0, 90_000);
  }
  const rows = await query<{ to_email: string; sent: string; queued: string }>(
    primaryUrl,
    `select to_email, count(*) filter (where status = 'sent') as sent, count(*) as queued from outbox group by to_email`,
  );
  const outbox = new Map(rows.map((row) => [row.to_email, { sent: Number(row.sent), queued: Number(row.queued) }]));
  // Marked sent only after the mail server took it: the sink is never behind the sent count, and never past the
  // messages queued (one being recorded right now may be ahead of its mark before the outbox has drained).
  for (const [address, { sent, queued }] of outbox) {
    const got = sink.received.get(address) ?? 0;
    if (got < sent || got > (opts.drain ? sent : queued)) fail(step, `${address}: ${sent} sent by the outbox (${queued} queued), ${got} received`);
  }
  for (const [address, got] of sink.received) if (!outbox.has(address)) fail(step, `${address} received ${got} e-mails the outbox never held`);
  const total = [...sink.received.values()].reduce((a, b) => a + b, 0);
  const sent = rows.reduce((a, row) => a + Number(row.sent), 0);
  console.log(`  ${step}: ${total} e-mails received by the sink, ${sent} marked sent, none twice`);
}

/**
 * No instance answers from stale memory: the reader opens the closed document through every instance (each caches
 * its permission context), the owner removes the reader through the balancer, and at once every instance refuses.
 */
export async function revocationSeenEverywhere(step: string, owner: ApiClient, reader: ApiClient, oid: string, instances: readonly Instance[]): Promise<void> {
  const share = `/api/v1/share/${oid}/permissions/`;
  const added = await until('the reader added', async () => (await owner.send('PUT', share, { email: reader.email, permission: 'viewer' })).status === 200, 30_000);
  void added;
  const contexts = await Promise.all(instances.map((instance) => reader.at(instance.origin)));
  try {
    for (const [i, api] of contexts.entries()) {
      await until(`the reader to see the document through ${instances[i].port}`, async () => (await api.get(`/api/v4/presentation/${oid}/`)).status() === 200, 10_000);
    }
    const removed = await owner.send('DELETE', share, { email: reader.email });
    if (removed.status !== 200) throw new Error(`the owner could not remove the reader: ${removed.status} ${removed.body}`);
    const statuses = await Promise.all(contexts.map(async (api) => (await api.get(`/api/v4/presentation/${oid}/`)).status()));
    statuses.forEach((status, i) => {
      if (status !== 403) fail(step, `instance ${instances[i].port} answered ${status} to the removed reader right after the removal`);
    });
    console.log(`  ${step}: the removed reader refused by every instance at once (${statuses.join(', ')})`);
  } finally {
    await Promise.all(contexts.map((api) => api.dispose()));
  }
}
