import type { IntlShape } from 'react-intl';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { lightTheme } from '@deck/shared/theme/theme';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from './slide-renderer';
import { wrapWords } from './wrap-words';
import { slideTextMessages } from '@deck/shared/domains/viewer/slide-text';

export interface PreviewContent {
  title: string;
  /** 'by <owner>', in the viewer's language. */
  byline: string;
}

const MARGIN = 120;
/** Characters of the title per line, at its size: an SVG does not wrap text, and the preview is blurred (spec §2). */
const TITLE_LINE_LENGTH = 24;
const TITLE_LINES = 3;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
}

const titleLines = (title: string) => wrapWords(title, (line) => line.length <= TITLE_LINE_LENGTH, TITLE_LINES);

/**
 * The blurred preview behind the overlay's START screen (spec §2): the document's first page as a small
 * SVG image, the same picture on the server's first view of the page and in the browser, so it is there
 * from the first paint and the overlay takes it over unchanged. It is a picture of the document, so it
 * keeps the document's own colours whatever the viewer's theme; it is drawn with the page's font stack,
 * which an image cannot load (it is blurred past reading anyway).
 */
export function previewImageUrl({ title, byline }: PreviewContent): string {
  const { colors, font } = lightTheme;
  const text = (y: number, size: number, weight: number, colour: string, value: string) =>
    `<text x="${MARGIN}" y="${y}" font-family="${escapeXml(font.family)}" font-size="${size}" font-weight="${weight}" fill="${colour}">${escapeXml(value)}</text>`;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}" viewBox="0 0 ${SLIDE_WIDTH} ${SLIDE_HEIGHT}">`,
    `<linearGradient id="b" x2="1" y2="1"><stop stop-color="${colors.primary}"/><stop offset="1" stop-color="${colors.primaryHover}"/></linearGradient>`,
    `<rect width="100%" height="100%" fill="url(#b)"/>`,
    `<rect x="${MARGIN}" y="150" width="96" height="10" fill="${colors.onPrimary}"/>`,
    text(120, 30, font.weights.semibold, colors.overlayTextMuted, byline),
    ...titleLines(title).map((line, index) => text(330 + index * 112, 96, font.weights.bold, colors.overlayText, line)),
    '</svg>',
  ].join('');
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const ownerNameOf = (document: Pick<PresentationDocument, 'owner'>) => `${document.owner.firstName} ${document.owner.lastName}`.trim();

/** 'by <owner>' on the document's first page. */
export const slideByline = (intl: IntlShape, owner: string) => intl.formatMessage(slideTextMessages.byline, { owner });

/** The preview of a document's first page; null for a document without pages (spec §2: no preview). */
export function documentPreview(document: PresentationDocument, intl: IntlShape): string | null {
  if (document.page_count < 1) return null;
  return previewImageUrl({ title: document.title, byline: slideByline(intl, ownerNameOf(document)) });
}
