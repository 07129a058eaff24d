import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The dialog stays mounted between openings: state made with plain `useState` comes back on
 * the next opening. What the user typed, chose or was shown belongs to one opening and is made with
 * `useOpeningState` (`@deck/shared/ui/modal/opening-state`), which starts afresh on each. Plain state
 * is kept for what is not the opening's: work still under way (a request that has not answered yet is
 * still under way on the next opening) and what is found in the page. A new plain `useState` must be
 * added here with its reason, or be made per opening.
 */
const PLAIN_STATE: Record<string, { count: number; why: string }> = {
  'features/access-requests/components/access-requests-section.tsx': { count: 1, why: 'busy: a decision the server has not answered yet' },
  'features/collaborators/hooks/use-collaborator-changes.ts': { count: 1, why: 'restoring: an Undo the server has not answered yet' },
  'features/collaborators/hooks/use-collaborator-search.ts': { count: 1, why: "term: the search text after a pause in typing, which follows the page's filter (the opening's)" },
  'features/folder/components/folder-page.tsx': { count: 2, why: 'busyId: a removal under way; leaving: the page is reloading after the user left' },
  'features/social-share/hooks/use-enclosing-dialog.ts': { count: 1, why: 'the dialog element around the buttons, found in the page' },
};

const SOURCE_ROOT = __dirname;
const USE_STATE_CALL = /\buseState\s*[<(]/g;

function sourceFiles(): string[] {
  return (readdirSync(SOURCE_ROOT, { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`testing${path.sep}`))
    .sort();
}

describe('state that would outlive an opening of the kept dialog', () => {
  it('is plain useState only where it is not the opening’s (the list above)', () => {
    const found = Object.fromEntries(
      sourceFiles()
        .map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(SOURCE_ROOT, file), 'utf8').match(USE_STATE_CALL)?.length ?? 0] as const)
        .filter(([, count]) => count > 0),
    );
    expect(found).toEqual(Object.fromEntries(Object.entries(PLAIN_STATE).map(([file, { count }]) => [file, count])));
  });
});
