import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { VisuallyHidden } from '@deck/shared/ui/visually-hidden/visually-hidden';
import { watermarkMessages, WATERMARK_TIME_FORMAT } from '@deck/shared/domains/view-links/link-download';
import { linkMessages as m } from '../messages';

/** Enough rows and repeats to cover the stage at any size once turned. */
const ROWS = 14;
const REPEATS = 6;

const Layer = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  /* Over the slides and the overlay, yet every click goes through to them. */
  z-index: 1;
  pointer-events: none;
  user-select: none;
`;

const Tiles = styled.div`
  position: absolute;
  inset: -50%;
  display: flex;
  flex-direction: column;
  justify-content: space-around;
  transform: rotate(-30deg);
  color: ${({ theme }) => theme.colors.overlayText};
  opacity: 0.28;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  white-space: nowrap;
  /* Forced colours take the theme's colour away: the system's text colour, a little stronger, keeps it readable. */
  @media (forced-colors: active) {
    color: CanvasText;
    opacity: 0.5;
  }
`;

const Row = styled.div<{ $shift: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.xxl};
  transform: translateX(${({ $shift }) => ($shift ? '-8em' : '0')});
`;

export interface LinkWatermarkProps {
  /** The verified address, else the name given on the identification step; null for an anonymous viewer. */
  viewer: string | null;
  /** ISO time of the visit (the server's clock when the link was opened). */
  openedAt: string;
}

/**
 * The dynamic watermark of a trackable link (docs/decisions.md, *Download control and watermark*): who the visitor
 * is to the link and when they opened it, in their language, tiled diagonally and faint over the slides, hidden from
 * assistive technology, which reads one sentence instead. The PDF carries the same line (server/src/services/link-pdf.ts).
 */
export function LinkWatermark({ viewer, openedAt }: LinkWatermarkProps) {
  const intl = useIntl();
  const name = viewer ?? intl.formatMessage(watermarkMessages.anonymous);
  const time = intl.formatDate(openedAt, WATERMARK_TIME_FORMAT);
  const line = intl.formatMessage(watermarkMessages.line, { viewer: name, time });
  return (
    <>
      <VisuallyHidden>{intl.formatMessage(m.watermarkSentence, { viewer: name, time })}</VisuallyHidden>
      <Layer aria-hidden="true" data-testid="link-watermark">
        <Tiles>
          {Array.from({ length: ROWS }, (_, row) => (
            <Row key={row} $shift={row % 2 === 1}>
              {Array.from({ length: REPEATS }, (_, repeat) => (
                <span key={repeat}>{line}</span>
              ))}
            </Row>
          ))}
        </Tiles>
      </Layer>
    </>
  );
}
