/**
 * Rules every text the server takes obeys (a request's path, query and body: server/src/http/input-guard.ts; an
 * identity token's claims: server/src/services/identity.ts): PostgreSQL refuses NUL in text and jsonb (it would fail
 * as a 500 deep inside a handler), and a deeply nested JSON value exhausts PostgreSQL's stack when stored as jsonb.
 */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: (part: string) => `The ${part} contains a NUL character (\\u0000), which is not allowed in any text.`,
  surrogate: (part: string) => `The ${part} contains a lone UTF-16 surrogate (such as \\ud800), which is not a character.`,
  depth: (part: string) => `The ${part} is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
} as const;

export type InputProblem = 'nul' | 'surrogate' | 'depth';

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The rule a text breaks: PostgreSQL refuses NUL; a lone surrogate (half of a UTF-16 pair, `"\ud800"` in JSON) is
 * no character: jsonb refuses it (a 500 deep in a handler) and a text column would silently store U+FFFD instead.
 */
function textProblem(text: string): InputProblem | null {
  if (text.includes('\u0000')) return 'nul';
  // With the u flag a surrogate pair is one code point: only a lone half matches \p{Cs}.
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/** The first rule a parsed value breaks, walking at most MAX_JSON_DEPTH levels deep. */
export function inputProblem(value: unknown, depth = 0): InputProblem | null {
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

