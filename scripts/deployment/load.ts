import { acknowledged, type ApiClient, type Write } from './clients';

/**
 * The API clients' writes while the test breaks things: likers press like and unlike on one document (contention on
 * its row), inviters invite new addresses (each an e-mail through the outbox), the owner flips a document's published
 * flag. Every write is recorded with its answer, for the checks and the switchover's measure.
 */
export class Load {
  readonly writes: Write[] = [];
  private running = true;
  private loops: Promise<void>[] = [];
  private gate: { opened: Promise<void>; open: () => void } | null = null;
  private inFlight = 0;

  constructor(
    private readonly setup: { likers: ApiClient[]; likeOid: string; inviters: { client: ApiClient; oid: string }[]; owner: ApiClient; publishOid: string },
  ) {}

  start(): void {
    this.loops = [
      ...this.setup.likers.map((liker) => this.likes(liker)),
      ...this.setup.inviters.map(({ client, oid }, i) => this.invites(client, oid, i)),
      this.publishing(),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Holds every client before its next write and resolves once none is in flight: the checks read a still database. */
  async pause(): Promise<void> {
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.gate = { opened, open };
    while (this.inFlight > 0) await pause(20);
  }

  resume(): void {
    this.gate?.open();
    this.gate = null;
  }

  private async record(kind: Write['kind'], key: string, value: boolean | undefined, call: () => Promise<{ status: number }>): Promise<Write> {
    while (this.gate) await this.gate.opened;
    this.inFlight++;
    try {
      const sentAt = Date.now();
      const { status } = await call();
      const write = { kind, key, value, status, sentAt, answeredAt: Date.now() };
      this.writes.push(write);
      return write;
    } finally {
      this.inFlight--;
    }
  }

  private async likes(liker: ApiClient): Promise<void> {
    const path = `/api/v4/presentation/${this.setup.likeOid}/like/`;
    for (let like = true; this.running; like = !like) {
      const write = await this.record(like ? 'like' : 'unlike', liker.email, like, () => liker.send(like ? 'PUT' : 'DELETE', path));
      if (!acknowledged(write)) await pause(100);
    }
  }

  /** At most 18 each: the invitation limit is 20 an hour per inviter. */
  private async invites(inviter: ApiClient, oid: string, index: number): Promise<void> {
    for (let n = 0; this.running && n < 18; n++) {
      const email = `invitee-${index}-${n}@example.org`;
      await this.record('invite', email, true, () => inviter.send('PUT', `/api/v1/share/${oid}/permissions/`, { email, permission: 'viewer' }));
      await pause(1500);
    }
  }

  private async publishing(): Promise<void> {
    for (let published = true; this.running; published = !published) {
      await this.record('publish', this.setup.publishOid, published, () =>
        this.setup.owner.send('PUT', `/api/v4/presentation/${this.setup.publishOid}/unified-privacy/`, { published }),
      );
      await pause(200);
    }
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The unavailability of writes around `from`: from the first write refused (not 2xx) that was sent after `from`, to
 * the first write acknowledged after that refusal. Null when no write was refused.
 */
export function unavailability(writes: readonly Write[], from: number): { firstRefusedAt: number; firstAcceptedAt: number; seconds: number } | null {
  const refused = writes.filter((w) => w.sentAt >= from && !acknowledged(w)).sort((a, b) => a.answeredAt - b.answeredAt)[0];
  if (!refused) return null;
  const accepted = writes.filter((w) => w.sentAt >= refused.sentAt && acknowledged(w)).sort((a, b) => a.answeredAt - b.answeredAt)[0];
  if (!accepted) throw new Error('no write was accepted after the switchover');
  return { firstRefusedAt: refused.answeredAt, firstAcceptedAt: accepted.answeredAt, seconds: (accepted.answeredAt - refused.answeredAt) / 1000 };
}
