import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { StartupError, urlSetting } from '../production';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Hands one message to the mail system; throws when it was not accepted (the outbox retries). */
export interface MailTransport {
  readonly name: 'smtp' | 'embedded';
  send(message: OutgoingEmail): Promise<void>;
  /** Checks that the mail server takes a connection (and the login); throws with the reason when it does not. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * How long the SMTP client waits for a connection, the server's greeting and each answer: a mail server that
 * stops answering fails the attempt (retried later) instead of holding the sender for nodemailer's default 10 minutes.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 } as const;

/**
 * SMTP through nodemailer (SMTP_URL, e.g. `smtp://user:pass@mail.example.com:587`), over pooled connections: a
 * connection per message paid the mail server's greeting (often delayed on purpose) and its handshake for every
 * mail (docs/scaling.md, *What saturates first*). The pool is built here, not by `createTransport({ url, … })`,
 * which reads the URL alone and drops every other option (the time-outs among them).
 */
export function smtpTransport(url: string, from: string, timeouts: Record<keyof typeof SMTP_TIMEOUTS_MS, number> = SMTP_TIMEOUTS_MS): MailTransport {
  const transporter = nodemailer.createTransport(new SMTPPool({ url, ...timeouts }));
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/**
 * The demo's default: the outbox table is the mailbox (shown at /dev/mail), so delivering a message
 * is marking it sent. Never used in production, which has no /dev/mail.
 */
export function embeddedTransport(): MailTransport {
  return { name: 'embedded', send: async () => undefined, verify: async () => undefined, close: () => undefined };
}

export const DEFAULT_MAIL_FROM = 'Deck <no-reply@deck.localhost>';

/** How e-mails leave: an SMTP server, the demo's mailbox, or not at all (MAIL_DISABLED=1: they wait in the outbox). */
export type MailSettings = { kind: 'smtp'; url: string; from: string } | { kind: 'embedded' } | { kind: 'off' };

/** SMTP_URL with its password hidden, for log lines. */
export function smtpTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'SMTP_URL';
  }
}

/**
 * SMTP_URL, MAIL_FROM and MAIL_DISABLED. Production needs SMTP_URL, or MAIL_DISABLED=1 to run knowingly without
 * e-mail; it never falls back to the demo's mailbox, which would mark unsent e-mails as sent.
 */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv, production: boolean): MailSettings {
  const raw = env.SMTP_URL?.trim();
  const disabled = env.MAIL_DISABLED?.trim();
  if (disabled && disabled !== '1' && disabled !== 'true' && disabled !== '0' && disabled !== 'false') {
    throw new StartupError(`MAIL_DISABLED="${disabled}" is not understood: set MAIL_DISABLED=1 to run without e-mail, or leave it unset.`);
  }
  if (disabled === '1' || disabled === 'true') {
    if (raw) throw new StartupError('MAIL_DISABLED=1 and SMTP_URL are both set: unset one of them.');
    return { kind: 'off' };
  }
  if (raw) {
    // smtps:// for TLS from the start.
    const url = urlSetting('SMTP_URL', raw, { protocols: ['smtp:', 'smtps:'], example: 'smtp://user:password@mail.example.com:587' });
    if (!url.hostname) throw new StartupError('SMTP_URL names no host: set it like smtp://user:password@mail.example.com:587.');
    return { kind: 'smtp', url: raw, from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM };
  }
  if (production) {
    throw new StartupError(
      'SMTP_URL is required when DECK_PRODUCTION=1 (e.g. smtp://user:password@mail.example.com:587), or set MAIL_DISABLED=1 to run without sending e-mail (invitations then wait in the outbox, unsent).',
    );
  }
  return { kind: 'embedded' };
}

/** The transport for these settings; null when mail is off. */
export function createTransport(settings: MailSettings): MailTransport | null {
  if (settings.kind === 'smtp') return smtpTransport(settings.url, settings.from);
  if (settings.kind === 'embedded') return embeddedTransport();
  return null;
}
