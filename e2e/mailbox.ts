import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from './fixtures';

/** A real SMTP server for the browser tests: collects every message the demo server sends it. */
export class TestMailbox {
  readonly messages: ParsedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        this.messages.push(mail);
        callback();
      }, callback);
    },
  });

  constructor(readonly port: number) {}

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the message to `address` (with this subject, when given: one address may get several) and returns it. */
  async messageTo(address: string, subject?: string): Promise<ParsedMail> {
    const find = () =>
      this.messages.find(
        (m) => [m.to].flat().some((to) => to?.value.some((v) => v.address === address)) && (subject === undefined || m.subject === subject),
      );
    await expect.poll(() => !!find(), { message: `an e-mail to ${address}${subject ? ` about ${subject}` : ''}`, timeout: 15_000 }).toBe(true);
    return find()!;
  }
}

/** The link of an e-mail that leads to a document's editor page (from its HTML, as a reader would click it). */
export function editorLink(mail: ParsedMail): string {
  const match = String(mail.html).match(/href="([^"]*\/editor\/[^"]+)"/);
  if (!match) throw new Error(`no editor link in ${mail.subject}`);
  return match[1];
}

/** The accept link of an invitation e-mail (from its HTML, as a reader would click it). */
export function acceptLink(mail: ParsedMail): string {
  const match = String(mail.html).match(/href="([^"]*\/invitation\/[A-Za-z0-9_-]+)"/);
  if (!match) throw new Error(`no accept link in ${mail.subject}`);
  return match[1];
}
