import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../http/errors';
import { enqueueEmail } from '../mail/outbox';
import { renderTransferEmail, toEmailLocale } from '../mail/render';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext } from '../services/documents';
import { fullName, isValidEmail, normalizeEmail } from '../services/users';
import { EmailString, Identifier, linkOrigin, requestLocale, requireUser, sharingVersionSeen, type App, type RouteDeps } from './common';
import { ensureSharingVersion, recordSharingChange } from '../services/activity-log';
import { deleteCollaborator, findAccountCollaborator, upsertAccountCollaborator } from '../repositories/collaborators';
import { setDocumentOwner } from '../repositories/documents';
import { TRANSFER_MESSAGES } from '../messages/transfer';

/**
 * Spec §7 POST /presentation/transfer/: the owner hands the document to an existing collaborator
 * with an account; the previous owner stays on it as an editor, and the new owner gets an e-mail.
 */
export function transferRoutes(app: App, { db, config }: RouteDeps): void {
  app.post(
    '/api/v4/presentation/transfer/',
    { schema: { body: Type.Object({ oid: Identifier, email: EmailString }, { additionalProperties: false }) } },
    async (request) => {
      const user = requireUser(request);
      if (!isValidEmail(request.body.email)) throw badRequest(coded(MESSAGES, 'invalidEmail'), 'INVALID_EMAIL');
      const email = normalizeEmail(request.body.email);
      return db.transaction().execute(async (trx) => {
        const ctx = await loadDocumentContext(trx, request.body.oid, user, { forUpdate: true, viewLinkLimit: config.viewLinkLimit });
        if (!ctx || !ctx.canView) throw notFound(coded(MESSAGES, 'documentNotFound'));
        if (ctx.level !== 'owner') throw forbidden(coded(TRANSFER_MESSAGES, 'ownerOnly'), 'NOT_ALLOWED');
        if (email === user.email) throw forbidden(coded(TRANSFER_MESSAGES, 'self'), 'NOT_POSSIBLE');
        const target = await findAccountCollaborator(trx, ctx.doc.id, email);
        if (!target) throw forbidden(coded(TRANSFER_MESSAGES, 'notCollaborator'), 'NOT_POSSIBLE');
        await ensureSharingVersion(trx, { documentId: ctx.doc.id }, user.id, sharingVersionSeen(request));
        const now = config.now();
        await recordSharingChange(trx, { action: 'ownership_transferred', actorId: user.id, at: now, documentId: ctx.doc.id, subject: email, before: { owner: user.email }, after: { owner: email } });
        await setDocumentOwner(trx, ctx.doc.id, target.user_id, now);
        await deleteCollaborator(trx, target.id);
        // The previous owner stays on it as an editor.
        await upsertAccountCollaborator(trx, { document_id: ctx.doc.id, user_id: user.id, email: user.email, permission: 'editor', invited_by: target.user_id, created_at: now });
        const mail = renderTransferEmail({
          locale: toEmailLocale(target.locale) ?? requestLocale(request),
          inviter: fullName(user) || user.email,
          title: ctx.doc.title,
          documentUrl: `${linkOrigin(config, request)}/editor/${ctx.doc.oid}`,
        });
        await enqueueEmail(trx, now, { ...mail, kind: 'ownership-transfer', to: email });
        return { oid: ctx.doc.oid, owner_email: email };
      });
    },
  );
}
