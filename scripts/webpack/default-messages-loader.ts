import type { LoaderContext } from 'webpack';
import { compileDefaultMessages } from './compile-messages';

/** Webpack loader: the English `defaultMessage`s of a source file, compiled (see compile-messages.ts). */
export default function defaultMessagesLoader(this: LoaderContext<unknown>, source: string): string {
  return compileDefaultMessages(this.resourcePath, source).code;
}
