import { Type, type TSchema } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LINK_LOCK_CODES, LINK_PASSCODE_MAX_LENGTH } from '@deck/shared/domains/view-links/link-controls';
import { LINK_FORM_STEPS, LINK_FORM_TOKEN_FIELD, linkPagePath, type LinkFormOutcome, type LinkFormStep } from '@deck/shared/domains/view-links/link-page-forms';
import { VIEWER_NAME_MAX_LENGTH } from '@deck/shared/domains/view-links/recipient-contract';
import { ensureFormCsrf, sessionCookieAttributes } from '../http/session';
import { rateLimitHook } from '../services/rate-limits';
import type { ServerConfig } from '../config';
import { noStore, type App, type RouteDeps } from './common';
import { LinkParams } from './viewlinks';

/**
 * The lock forms of a link's page without JavaScript (docs/architecture.md, "A trackable link's page"): each plain
 * form post is sent on to the API route of its step as the visitor (their cookies and address, `app.inject`, as the
 * first view reads), so the limits, lockouts, refusals and analytics are the API's own; the API's cookies (an
 * unlock, a verified address) come back with the answer. The browser is then sent back to the page (303), which
 * shows the link's next state, and the refusal or the address a code went to (a short-lived cookie of the page).
 * The page's own script posts a link's plain open the same way (shell/src/first-view/link-open.ts) and asks for
 * JSON: it gets the API's own answer instead, and nothing is kept for a page to show.
 */

/** The cookie that carries a form's outcome to the page it redirects to (read once, by first-view-page.ts). */
export const LINK_FORM_OUTCOME_COOKIE = 'deck_lf';
const OUTCOME_MAX_AGE_SECONDS = 10 * 60;

/**
 * The open a name form's post recorded (spec §4 viewer identification), for the page it redirects to: the link's
 * opening (`GET …/open/`, which the page's first view reads with the page's cookies) then goes on with that open
 * instead of asking again. Scoped to the page and read once (first-view-page.ts), so the next open asks again.
 */
export const identifiedOpenCookie = (linkId: string) => `deck_li_${linkId}`;

const Token = Type.String({ maxLength: 200 });
/** Loose on purpose: the API checks each field with its own schema and answers with its own refusal. */
const Field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const BODIES: Record<LinkFormStep, TSchema> = {
  unlock: Type.Object({ [LINK_FORM_TOKEN_FIELD]: Type.Optional(Token), passcode: Field(LINK_PASSCODE_MAX_LENGTH) }, { additionalProperties: false }),
  verification: Type.Object({ [LINK_FORM_TOKEN_FIELD]: Type.Optional(Token), email: Field(320) }, { additionalProperties: false }),
  confirm: Type.Object({ [LINK_FORM_TOKEN_FIELD]: Type.Optional(Token), email: Field(320), code: Field(20) }, { additionalProperties: false }),
  visits: Type.Object(
    { [LINK_FORM_TOKEN_FIELD]: Type.Optional(Token), open_id: Field(100), viewer_name: Field(VIEWER_NAME_MAX_LENGTH), viewer_email: Field(320) },
    { additionalProperties: false },
  ),
};

/** Refusals the page itself shows as the link's state (unknown, closed, expired, locked): no message beside them. */
function pageShowsState(status: number, code: unknown): boolean {
  return status === 404 || status === 410 || (status === 403 && Object.values<unknown>(LINK_LOCK_CODES).includes(code));
}

function outcomeOf(step: LinkFormStep, fields: Record<string, string | undefined>, status: number, body: Record<string, unknown>): LinkFormOutcome | null {
  if (status < 300) return step === 'verification' ? { sent_to: fields.email?.trim() ?? '', refusal: null } : null;
  if (pageShowsState(status, body.code)) return null;
  return {
    // A wrong code keeps the page at the code's step; a refused address asks for an address again.
    sent_to: step === 'confirm' ? (fields.email ?? null) : null,
    refusal: {
      status,
      message: typeof body.message === 'string' ? body.message : '',
      message_code: typeof body.message_code === 'string' ? body.message_code : null,
      message_values: body.message_values && typeof body.message_values === 'object' ? (body.message_values as Record<string, string>) : null,
      attempts_left: typeof body.attempts_left === 'number' ? body.attempts_left : null,
    },
  };
}

/** A cookie of the link's page alone: the browser sends it with the page (and its forms), never to the API. */
export const pageCookie = (config: ServerConfig, linkId: string) => ({ ...sessionCookieAttributes(config), path: linkPagePath(linkId), httpOnly: true });

function setOutcome(reply: FastifyReply, config: ServerConfig, linkId: string, outcome: LinkFormOutcome | null): void {
  const attributes = pageCookie(config, linkId);
  if (!outcome) reply.clearCookie(LINK_FORM_OUTCOME_COOKIE, attributes);
  else reply.setCookie(LINK_FORM_OUTCOME_COOKIE, Buffer.from(JSON.stringify(outcome)).toString('base64url'), { ...attributes, maxAge: OUTCOME_MAX_AGE_SECONDS });
}

/** A script's post (it says it takes JSON, as a browser's form post never does) gets the API's answer, not the page. */
const asksForJson = (request: FastifyRequest) => request.headers.accept === 'application/json';

export function linkFormRoutes(app: App, { db, config }: RouteDeps): void {
  void app.register(async (forms) => {
    // Only these routes read a form's body (the platform's own parser); the API still takes JSON alone.
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const step of Object.keys(LINK_FORM_STEPS) as LinkFormStep[]) {
      forms.post(
        `/l/:linkId/${LINK_FORM_STEPS[step]}`,
        {
          schema: { params: LinkParams, body: BODIES[step] },
          config: { csrfInForm: true },
          preHandler: [
            async (request: FastifyRequest) => ensureFormCsrf(request, (request.body as Record<string, string | undefined>)[LINK_FORM_TOKEN_FIELD]),
            rateLimitHook(db, config, 'link-forms'),
          ],
        },
        async (request, reply) => {
          noStore(reply);
          const { linkId } = request.params as { linkId: string };
          const { [LINK_FORM_TOKEN_FIELD]: _token, ...fields } = request.body as Record<string, string | undefined>;
          const answer = await app.inject({
            method: 'POST',
            url: `/api/v1/prezilink/${encodeURIComponent(linkId)}/${LINK_FORM_STEPS[step]}/`,
            payload: fields,
            // The API counts and locks out this visitor, not the server.
            remoteAddress: request.ip,
            headers: {
              'content-type': 'application/json',
              'x-csrftoken': request.session.csrf,
              ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
              ...(request.headers.host ? { host: request.headers.host } : {}),
              ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
            },
          });
          const cookies = answer.headers['set-cookie'];
          for (const cookie of cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies]) void reply.header('set-cookie', cookie);
          let body: Record<string, unknown> = {};
          try {
            body = answer.body ? answer.json<Record<string, unknown>>() : {};
          } catch {
            body = {};
          }
          if (asksForJson(request)) return reply.code(answer.statusCode).send(body);
          setOutcome(reply, config, linkId, outcomeOf(step, fields, answer.statusCode, body));
          if (step === 'visits' && answer.statusCode < 300 && fields.viewer_name?.trim() && fields.open_id) {
            void reply.setCookie(identifiedOpenCookie(linkId), fields.open_id, { ...pageCookie(config, linkId), maxAge: OUTCOME_MAX_AGE_SECONDS });
          }
          return reply.code(303).header('location', linkPagePath(linkId)).send();
        },
      );
    }
  });
}
