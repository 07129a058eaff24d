import { Heading } from '@deck/shared/ui/text/text';
import { usePageTitle } from './use-page-title';

/**
 * The page's one level-1 heading, which also names the browser tab ("This link does not exist – Deck"),
 * so the tab and a screen reader's page title say where the user is.
 */
export function PageHeading({ children, id }: { children: string; id?: string }) {
  usePageTitle(children);
  return (
    <Heading as="h1" id={id}>
      {children}
    </Heading>
  );
}
