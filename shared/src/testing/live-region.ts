import { waitFor } from '@testing-library/react';
import { LIVE_REGION_ID } from '@deck/shared/ui/live-region/live-region';

/** The page's live region once it says something (or says `text`), for assertions on announcements. */
export async function announced(text?: string | RegExp): Promise<HTMLElement> {
  let region: HTMLElement | null = null;
  await waitFor(() => {
    region = document.getElementById(LIVE_REGION_ID);
    expect(region).not.toBeNull();
    if (text === undefined) expect(region!.textContent).not.toBe('');
    else expect(region).toHaveTextContent(text);
  });
  return region!;
}

/** What the live region says now ('' when it does not exist yet). */
export function liveRegionText(): string {
  return document.getElementById(LIVE_REGION_ID)?.textContent ?? '';
}
