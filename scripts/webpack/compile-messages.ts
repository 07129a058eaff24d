import { parse } from '@formatjs/icu-messageformat-parser';
import { findMessages } from '../extract-messages';

/**
 * Messages are compiled at build time into the ICU syntax trees react-intl formats directly
 * (what `formatjs compile --ast` writes), so the browser never parses a message and the ICU
 * parser is left out of every bundle (webpack.config.ts aliases it to its `no-parser` build).
 */
export const compileMessage = (text: string) => JSON.stringify(parse(text));

/** A catalogue (id → ICU string, as in shared/src/intl) as id → syntax tree. */
export function compileCatalogue(json: string): string {
  const catalogue = JSON.parse(json) as Record<string, string>;
  return `{${Object.entries(catalogue)
    .map(([id, text]) => `${JSON.stringify(id)}:${compileMessage(text)}`)
    .join(',')}}`;
}

/**
 * A source file with every literal `defaultMessage` (found as `npm run i18n:extract` finds them)
 * replaced by its syntax tree; the rest of the text is untouched.
 */
export function compileDefaultMessages(file: string, text: string): { code: string; compiled: number } {
  if (!text.includes('defaultMessage')) return { code: text, compiled: 0 };
  const { occurrences, errors } = findMessages({ file, text });
  if (errors.length > 0) throw new Error(errors.join('\n'));
  let code = text;
  // From the end, so earlier positions stay valid.
  for (const { defaultMessage, textSpan } of [...occurrences].sort((a, b) => b.textSpan.start - a.textSpan.start)) {
    const tree = compileMessage(defaultMessage);
    code = code.slice(0, textSpan.start) + (textSpan.jsx ? `{${tree}}` : tree) + code.slice(textSpan.end);
  }
  return { code, compiled: occurrences.length };
}
