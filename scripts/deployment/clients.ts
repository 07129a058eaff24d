import { request, type APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** The host product's identity token settings the instances trust (HOST_IDENTITY_*), as a host would sign them. */
export const IDENTITY = { secret: 'deployment-host-secret-deployment-host-0123', issuer: 'https://host.example', audience: 'deck-sharing' } as const;

/** One API client with its own cookies (a signed-in user), talking to `baseURL` (haproxy, or one instance). */
export class ApiClient {
  private constructor(
    readonly email: string,
    readonly api: APIRequestContext,
    private readonly origin: string,
  ) {}

  static async signIn(baseURL: string, origin: string, email: string): Promise<ApiClient> {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin } });
    const client = new ApiClient(email, api, origin);
    await api.get('/api/v1/session/');
    const token = await new SignJWT({ email, email_verified: true, given_name: email.split('@')[0], family_name: 'Deploy' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(`deploy-${email}-${Date.now()}`)
      .setSubject(`host-${email}`)
      .setIssuer(IDENTITY.issuer)
      .setAudience(IDENTITY.audience)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode(IDENTITY.secret));
    const signedIn = await client.send('POST', '/api/v1/session/', { token });
    if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${signedIn.status} ${signedIn.body}`);
    return client;
  }

  async csrf(): Promise<string> {
    return (await this.api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  }

  /** The same user's cookies against another address (one instance directly). */
  async at(baseURL: string): Promise<APIRequestContext> {
    return request.newContext({ baseURL, extraHTTPHeaders: { origin: this.origin }, storageState: await this.api.storageState() });
  }

  /** A call; a network failure is status 0 (never acknowledged). */
  async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<{ status: number; body: string }> {
    try {
      const headers: Record<string, string> = method === 'GET' ? {} : { 'X-CSRFToken': await this.csrf() };
      const res = await this.api.fetch(url, { method, data, headers, timeout: 20_000, failOnStatusCode: false });
      return { status: res.status(), body: await res.text() };
    } catch (err) {
      return { status: 0, body: String(err) };
    }
  }

  async createDocument(title: string): Promise<string> {
    const created = await this.send('POST', '/api/v4/presentation/', { title });
    if (created.status !== 201) throw new Error(`create ${title}: ${created.status} ${created.body}`);
    return (JSON.parse(created.body) as { oid: string }).oid;
  }

  dispose(): Promise<void> {
    return this.api.dispose();
  }
}

/** The local mail server the outbox sends to: counts every message per recipient. */
export class SmtpSink {
  readonly received = new Map<string, number>();
  private readonly server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        for (const to of [mail.to].flat()) for (const address of to?.value ?? []) if (address.address) this.received.set(address.address, (this.received.get(address.address) ?? 0) + 1);
        callback();
      }, callback);
    },
  });

  start(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** One write and how it was answered: only a 2xx is acknowledged. */
export interface Write {
  kind: 'like' | 'unlike' | 'invite' | 'publish';
  key: string;
  value?: boolean;
  status: number;
  sentAt: number;
  answeredAt: number;
}

export const acknowledged = (write: Write) => write.status >= 200 && write.status < 300;
