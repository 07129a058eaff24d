import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import { INPUT_MESSAGES, inputProblem } from '@deck/shared/validation/input-rules';

/**
 * Rules every request obeys before any route schema runs, so a route added later cannot forget them (the text rules
 * of shared/src/validation/input-rules.ts), and integers within PostgreSQL's `integer` range.
 */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

const PARTS = [
  ['params', 'path'],
  ['query', 'query string'],
  ['body', 'body'],
] as const;

/** Refuses (400, nothing written) a request whose path parameters, query or body break a rule. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    for (const [part, label] of PARTS) {
      const problem = inputProblem(request[part]);
      if (problem) throw badRequest({ text: INPUT_MESSAGES[problem](label), message_code: `input_${problem}`, message_values: { part: label } }, 'INVALID_INPUT');
    }
    done();
  });
}

/**
 * A copy of a JSON schema in which every integer without its own bounds is bounded to PostgreSQL's
 * `integer` range, so an id like 2147483648 is a 400 at validation instead of an out-of-range 500.
 */
export function withInt32Bounds<T>(schema: T): T {
  if (Array.isArray(schema)) return (schema as unknown[]).map((item) => withInt32Bounds(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withInt32Bounds(value);
  if (out.type === 'integer') {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT32_MIN;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT32_MAX;
  }
  return out as T;
}
