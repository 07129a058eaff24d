import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { linkDownloadPath } from '@deck/shared/domains/view-links/link-download';
import { linkMessages as m } from '../messages';

const Protected = styled.div`
  /* No selecting the slides' words to copy them. */
  user-select: none;
  -webkit-user-select: none;
  /* Printed, the page is the notice alone. */
  @media print {
    & > :not([data-print-notice]) {
      display: none !important;
    }
  }
`;

const PrintNotice = styled.p`
  display: none;
  @media print {
    display: block;
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.lg};
  }
`;

/**
 * A trackable link's view while its owner forbids downloads (docs/decisions.md, *Download control and watermark*):
 * its text cannot be selected, and printing it prints a short notice instead of the slides. Neither stops a
 * screenshot; the dialog says so.
 */
export function CopyProtected({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Protected>
      {children}
      <PrintNotice data-print-notice>{intl.formatMessage(m.printNotice)}</PrintNotice>
    </Protected>
  );
}

/** The link's PDF, as the server decided this visitor may take it; the time zone writes the watermark's time as here. */
export function DownloadControl({ linkId, openId }: { linkId: string; openId: string }) {
  const intl = useIntl();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Button as="a" $variant="secondary" href={linkDownloadPath(linkId, openId, zone)} download>
      {intl.formatMessage(m.download)}
    </Button>
  );
}
