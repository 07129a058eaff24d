import type { LoaderContext } from 'webpack';
import { compileCatalogue } from './compile-messages';

/** Webpack loader: a translation catalogue (id → ICU string) compiled to syntax trees at build time. */
export default function catalogueLoader(this: LoaderContext<unknown>, source: string): string {
  return compileCatalogue(source);
}
