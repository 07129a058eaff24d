import type { DeckRemoteName, MountPropError as PublicMountPropError } from '@deck/shared/mount/public-contract';

/** How a wrong value reads in an error message: `undefined`, `the string "#like"`, `a function`… */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === 'string') return value === '' ? 'an empty string' : `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  return 'an object';
}

/** The one Error a remote throws for a wrong argument: it names the remote, the prop and what was expected. */
export class MountPropError extends Error implements PublicMountPropError {
  override readonly name = 'MountPropError' as const;

  constructor(
    readonly remote: DeckRemoteName,
    readonly prop: string,
    readonly expected: string,
    got: unknown,
    /** The spec's own wording, where it has one, goes first. */
    specMessage?: string,
  ) {
    const detail = `${remote}: ${prop} must be ${expected} (got ${describeValue(got)})`;
    super(specMessage ? `${specMessage} ${detail}` : detail);
  }
}

/** One rule for one prop. `applies` lets a rule depend on other props (e.g. only on the folder page). */
export interface PropRule {
  prop: string;
  expected: string;
  test: (value: unknown) => boolean;
  applies?: (props: Record<string, unknown>) => boolean;
  specMessage?: (value: unknown) => string;
}

const quoted = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value).replace(/"/g, "'"));

function listOf(values: readonly unknown[]): string {
  const words = quoted(values);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rule makers, each named after what it expects. */
export const expect = {
  nonEmptyString: (prop: string): PropRule => ({ prop, expected: 'a non-empty string', test: (value) => typeof value === 'string' && value.trim() !== '' }),
  string: (prop: string): PropRule => ({ prop, expected: 'a string', test: (value) => typeof value === 'string' }),
  boolean: (prop: string): PropRule => ({ prop, expected: 'true or false', test: (value) => typeof value === 'boolean' }),
  function: (prop: string): PropRule => ({ prop, expected: 'a function', test: (value) => typeof value === 'function' }),
  oneOf: (prop: string, values: readonly unknown[]): PropRule => ({ prop, expected: listOf(values), test: (value) => values.includes(value) }),
  /** A plain object whose listed fields, when present, pass their tests. */
  object: (prop: string, fields: Record<string, PropRule> = {}): PropRule => {
    const described = Object.entries(fields).map(([field, rule]) => `${field}: ${rule.expected}`);
    return {
      prop,
      expected: described.length ? `an object { ${described.join('; ')} }` : 'an object',
      test: (value) => isRecord(value) && Object.entries(fields).every(([field, rule]) => rule.test(value[field])),
    };
  },
  finiteNumber: (prop: string): PropRule => ({ prop, expected: 'a finite number', test: (value) => typeof value === 'number' && Number.isFinite(value) }),
};

/** The same rule, also satisfied by `undefined` (a prop that may be left out). */
export function optional(rule: PropRule): PropRule {
  return { ...rule, expected: `${rule.expected} or left out`, test: (value) => value === undefined || rule.test(value) };
}

/** The same rule, also satisfied by `null` and `undefined`. */
export function nullable(rule: PropRule): PropRule {
  return { ...rule, expected: `${rule.expected}, null or left out`, test: (value) => value === undefined || value === null || rule.test(value) };
}

/** Builds a remote's validator: it throws a MountPropError for the first rule the props break. */
export function propValidator(remote: DeckRemoteName, rules: readonly PropRule[]) {
  return (props: unknown): void => {
    if (!isRecord(props)) throw new MountPropError(remote, 'props', 'an object of props', props);
    for (const rule of rules) {
      if (rule.applies && !rule.applies(props)) continue;
      const value = props[rule.prop];
      if (!rule.test(value)) throw new MountPropError(remote, rule.prop, rule.expected, value, rule.specMessage?.(value));
    }
  };
}

/** `mount`'s first argument: a DOM element, not a selector or a React ref. */
export function assertElement(remote: DeckRemoteName, element: unknown): asserts element is Element {
  if (typeof element === 'object' && element !== null && (element as Node).nodeType === Node.ELEMENT_NODE) return;
  const hint =
    typeof element === 'string'
      ? `; pass document.querySelector(${JSON.stringify(element)}) instead of the selector`
      : isRecord(element) && 'current' in element
        ? '; pass ref.current instead of the ref'
        : '';
  const error = new MountPropError(remote, 'element', 'a DOM element', element);
  error.message = `${remote}: mount needs a DOM element as its first argument (got ${describeValue(element)})${hint}`;
  throw error;
}
