import { Ajv, type ValidateFunction } from 'ajv';
import { withInt32Bounds } from './input-guard';
import { addSingleLineFormat } from './single-line';
import { addDateTimeFormat } from './date-time';

const ajvOptions = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false } as const;

/**
 * Bodies are validated strictly (no type coercion, unknown fields refused where the schema says so); query strings
 * and path parameters are coerced from strings. Every integer gets the int32 bounds unless it has its own.
 */
const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false, removeAdditional: false });
const paramAjv = new Ajv({ ...ajvOptions, coerceTypes: 'array' });
for (const ajv of [bodyAjv, paramAjv]) {
  addSingleLineFormat(ajv);
  addDateTimeFormat(ajv);
}

/** Compiled validators by request part and schema text: the same schema is compiled once per process. */
const compiled = new Map<string, ValidateFunction>();

/**
 * The validator of one route's schema for one part of the request. A process that builds several apps (the
 * server tests build hundreds, the bench two) compiles each schema once: Ajv's own cache is keyed by the schema
 * object, which each app build makes anew, and compiling every route's schemas was about a fifth of the server
 * tests' own CPU. A compiled validator keeps no state between calls, so apps can share it.
 */
export function routeValidator(schema: object, httpPart: string | undefined): ValidateFunction {
  const body = httpPart === 'body';
  const bounded = withInt32Bounds(schema);
  const key = `${body ? 'body' : 'param'} ${JSON.stringify(bounded)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (body ? bodyAjv : paramAjv).compile(bounded);
    compiled.set(key, validate);
  }
  return validate;
}
