import { coded } from '../permissions/messages';
import { DEV_MESSAGES } from '../messages/dev-sign-up';
import { Type } from 'typebox';
import { notFound } from '../http/errors';
import { escapeHtml } from '../mail/render';
import { findOutboxMail, latestOutboxMail } from '../repositories/outbox';
import type { App, RouteDeps } from './common';


function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/**
 * The demo's mailbox: every e-mail the server sent or will send, newest first, and each
 * message with its links. Dev-only, like /dev/sign-in: it shows every user's mail.
 */
export function devMailRoutes(app: App, { db }: RouteDeps): void {
  app.get('/dev/mail', async (_request, reply) => {
    const rows = await latestOutboxMail(db, 200);
    const items = rows
      .map(
        (r) =>
          `<tr><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td><td>${escapeHtml(r.to_email)}</td><td>${escapeHtml(r.status)}${r.attempts > 1 ? ` (${r.attempts} attempts)` : ''}</td><td>${new Date(r.created_at).toISOString()}</td></tr>`,
      )
      .join('');
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(
      'Demo mailbox',
      `<h1>Demo mailbox</h1><p>E-mails the demo sent (with SMTP_URL set they went to that server, and once sent only their recipient and state stay here).</p>` +
        (rows.length
          ? `<table><thead><tr><th>Subject</th><th>To</th><th>State</th><th>Written</th></tr></thead><tbody>${items}</tbody></table>`
          : '<p>No e-mails yet.</p>'),
    );
  });

  app.get('/dev/mail/:id', { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } }, async (request, reply) => {
    const row = await findOutboxMail(db, request.params.id);
    if (!row) throw notFound(coded(DEV_MESSAGES, 'noSuchEmail'));
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    // The stored HTML was rendered by the server with every user-supplied value escaped (mail/render.ts).
    const bodyHtml = row.html.replace(/^[\s\S]*?<body[^>]*>/, '').replace(/<\/body>[\s\S]*$/, '');
    return page(
      row.subject,
      `<p><a href="/dev/mail">← Demo mailbox</a></p><h1>${escapeHtml(row.subject)}</h1><p>To: ${escapeHtml(row.to_email)} · ${escapeHtml(row.status)}</p>` +
        `<article>${bodyHtml}</article><h2>Plain text</h2><pre>${escapeHtml(row.text)}</pre>`,
    );
  });
}
