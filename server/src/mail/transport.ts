import nodemailer from 'nodemailer';

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
  close(): void;
}

/** SMTP through nodemailer (SMTP_URL, e.g. `smtp://user:pass@mail.example.com:587`). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}

/**
 * The demo's default: the outbox table is the mailbox (shown at /dev/mail), so delivering a message
 * is marking it sent.
 */
export function embeddedTransport(): MailTransport {
  return { name: 'embedded', send: async () => undefined, close: () => undefined };
}

export const DEFAULT_MAIL_FROM = 'Deck <no-reply@deck.localhost>';

export function transportFromEnv(env: NodeJS.ProcessEnv): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM || DEFAULT_MAIL_FROM) : embeddedTransport();
}
