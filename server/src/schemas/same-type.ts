/**
 * `true` when a schema's static type and the shared contract's type are the same both ways and name the same keys
 * (an optional key left out would pass the first test alone, and a serialiser would drop it), else `false`, which
 * the `true` assigned to it refuses. schemas/*.ts hold each object of an answer to its contract type with it.
 */
export type SameType<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
