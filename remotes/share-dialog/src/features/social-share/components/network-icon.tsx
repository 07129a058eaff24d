import type { ReactElement } from 'react';
import { useTheme } from 'styled-components';
import type { SocialNetwork } from '../utils/share-url';

/** Simplified marks of each network, drawn on its brand colour. */
const GLYPHS: Record<SocialNetwork, ReactElement> = {
  facebook: <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z" />,
  linkedin: (
    <>
      <rect x="5" y="10" width="3" height="9" />
      <circle cx="6.5" cy="6.5" r="1.75" />
      <path d="M10 10h2.9v1.3c.5-.9 1.6-1.5 3-1.5 2.6 0 3.1 1.7 3.1 3.9V19h-3v-4.7c0-1.1-.1-2.2-1.5-2.2s-1.6 1-1.6 2.1V19H10z" />
    </>
  ),
  twitter: (
    <path d="M20 7.2c-.6.3-1.2.4-1.9.5.7-.4 1.2-1 1.4-1.8-.6.4-1.3.6-2.1.8a3.3 3.3 0 0 0-5.6 3c-2.7-.1-5.1-1.4-6.7-3.4-.9 1.5-.4 3.4 1 4.4-.5 0-1-.2-1.5-.4 0 1.6 1.1 3 2.6 3.3-.5.1-1 .2-1.5.1.4 1.3 1.7 2.3 3.1 2.3A6.6 6.6 0 0 1 4 17.3 9.3 9.3 0 0 0 18.3 9v-.4c.7-.4 1.2-.9 1.7-1.4z" />
  ),
  googleClassroom: (
    <>
      <rect x="4" y="6" width="16" height="12" rx="1" fill="none" strokeWidth="2" stroke="currentColor" />
      <circle cx="12" cy="10.5" r="2" />
      <path d="M8 16c0-2 1.8-3 4-3s4 1 4 3z" />
    </>
  ),
};

export function NetworkIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  const theme = useTheme();
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect width="24" height="24" rx="4" fill={theme.colors[network]} />
      <g fill={theme.colors.onPrimary} color={theme.colors.onPrimary}>
        {GLYPHS[network]}
      </g>
    </svg>
  );
}
