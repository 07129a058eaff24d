import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * Rules every request obeys before any route schema runs, so a route added later cannot forget them:
 * PostgreSQL refuses NUL in text and jsonb (it would fail as a 500 deep inside a handler), and a
 * deeply nested JSON value exhausts PostgreSQL's stack when stored as jsonb.
 */
export const MAX_JSON_DEPTH = 32;
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const INPUT_MESSAGES = {
  nul: (part: string) => `The ${part} contains a NUL character (\\u0000), which is not allowed in any text.`,
  surrogate: (part: string) => `The ${part} contains a lone UTF-16 surrogate (such as \\ud800), which is not a character.`,
  depth: (part: string) => `The ${part} is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
} as const;

type Problem = 'nul' | 'surrogate' | 'depth';

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The rule a text breaks: PostgreSQL refuses NUL; a lone surrogate (half of a UTF-16 pair, `"\ud800"` in JSON) is
 * no character: jsonb refuses it (a 500 deep in a handler) and a text column would silently store U+FFFD instead.
 */
function textProblem(text: string): Problem | null {
  if (text.includes('\u0000')) return 'nul';
  // With the u flag a surrogate pair is one code point: only a lone half matches \p{Cs}.
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/** The first rule a parsed value breaks, walking at most MAX_JSON_DEPTH levels deep. */
export function inputProblem(value: unknown, depth = 0): Problem | null {
  if (typeof value === 'string') return textProblem(value);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return 'depth';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = inputProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return keyProblem;
    const problem = inputProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const PARTS = [
  ['params', 'path'],
  ['query', 'query string'],
  ['body', 'body'],
] as const;

/** Refuses (400, nothing written) a request whose path parameters, query or body break a rule. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, label] of PARTS) {
      const problem = inputProblem(request[part]);
      if (problem) throw badRequest({ text: INPUT_MESSAGES[problem](label), message_code: `input_${problem}`, message_values: { part: label } }, 'INVALID_INPUT');
    }
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
