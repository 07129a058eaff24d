import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { lightTheme } from '@deck/shared/theme/theme';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { slideTextMessages } from '@deck/shared/domains/viewer/slide-text';
import { watermarkMessages, WATERMARK_TIME_FORMAT } from '@deck/shared/domains/view-links/link-download';
import { formatMessage } from '../mail/render';

/**
 * A trackable link's slides as a PDF (docs/decisions.md, *Download control and watermark*), drawn with PDFKit the
 * way the player's slide renderer draws them (shell/src/pages/view/playback/slide-renderer.ts): one page per
 * slide, the byline and title on the first, the page's number and the title on the others, the page label at the
 * foot; and, when the link asks for it, the viewer's watermark tiled across every page.
 */

export interface PdfSlides {
  title: string;
  description: string;
  ownerName: string;
  pageCount: number;
}

export interface PdfWatermark {
  /** The verified address or the name given; null for an anonymous viewer. */
  viewer: string | null;
  at: Date;
  timeZone: string;
}

/** The slide's 1600 × 900 drawing at 0.6: 960 × 540 points, 16:9. */
const WIDTH = 960;
const HEIGHT = 540;
const SCALE = 0.6;
const MARGIN = 120 * SCALE;

/**
 * Faces that cover the product's nine languages when the machine has them (CI installs Noto Sans CJK; Debian's
 * DejaVu comes with most systems): a text is written in the first that has all its characters. Without any, the
 * PDF's own Helvetica writes Western European text only.
 */
const FACES = [
  { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  { regular: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKjp-Regular', bold: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc#NotoSansCJKjp-Bold' },
];

interface LoadedFace {
  regular: Buffer;
  bold: Buffer;
  regularName?: string;
  boldName?: string;
  covers: (text: string) => boolean;
}

/** Each face read once, when a text first needs it (the CJK faces are some 20 MB each); null when the machine lacks it. */
const loaded = new Map<number, LoadedFace | null>();

function loadFace(index: number): LoadedFace | null {
  if (loaded.has(index)) return loaded.get(index)!;
  const [regularPath, regularName] = FACES[index].regular.split('#');
  const [boldPath, boldName] = FACES[index].bold.split('#');
  let face: LoadedFace | null = null;
  if (existsSync(regularPath) && existsSync(boldPath)) {
    const regular = readFileSync(regularPath);
    // A throwaway document tells which characters the face has (PDFKit's font object, through fontkit).
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.registerFont('probe', regular, regularName);
    probe.font('probe');
    const font = (probe as unknown as { _font: { font: { hasGlyphForCodePoint(c: number): boolean } } })._font.font;
    const covers = (text: string) => [...text].every((c) => /\s/.test(c) || font.hasGlyphForCodePoint(c.codePointAt(0)!));
    face = { regular, bold: readFileSync(boldPath), regularName, boldName, covers };
  }
  loaded.set(index, face);
  return face;
}

type Weight = 'regular' | 'bold';

/** The faces registered on each document so far. */
const registered = new WeakMap<PDFKit.PDFDocument, Set<number>>();

/** Sets the face for a text: the first face the machine has with all its characters (or the first it has), else Helvetica. */
function useFace(doc: PDFKit.PDFDocument, text: string, weight: Weight): void {
  let chosen: number | null = null;
  for (let index = 0; index < FACES.length; index += 1) {
    const face = loadFace(index);
    if (!face) continue;
    chosen ??= index;
    if (face.covers(text)) {
      chosen = index;
      break;
    }
  }
  if (chosen === null) {
    doc.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
    return;
  }
  const faces = registered.get(doc) ?? new Set<number>();
  registered.set(doc, faces);
  if (!faces.has(chosen)) {
    const face = loadFace(chosen)!;
    doc.registerFont(`regular-${chosen}`, face.regular, face.regularName);
    doc.registerFont(`bold-${chosen}`, face.bold, face.boldName);
    faces.add(chosen);
  }
  doc.font(`${weight}-${chosen}`);
}

/** A theme colour as PDFKit takes it: `#rrggbb`, with the alpha of an `rgba(…)` as an opacity. */
function colour(css: string): [string, number] {
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(css);
  if (!rgba) return [css, 1];
  const hex = rgba.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('');
  return [`#${hex}`, Number(rgba[4])];
}

function fill(doc: PDFKit.PDFDocument, css: string, opacity = 1): PDFKit.PDFDocument {
  const [hex, alpha] = colour(css);
  return doc.fillColor(hex).fillOpacity(alpha * opacity);
}

/** Writes a text at a baseline, in at most `lines` lines of the slide's width; answers the lines it took. */
function write(doc: PDFKit.PDFDocument, text: string, y: number, size: number, weight: Weight, lines: number, align: 'left' | 'right' = 'left'): number {
  useFace(doc, text, weight);
  doc.fontSize(size);
  const width = WIDTH - MARGIN * 2;
  const lineHeight = size * 1.17;
  const taken = Math.min(lines, Math.max(1, Math.ceil(doc.heightOfString(text, { width }) / doc.currentLineHeight(true))));
  doc.text(text, MARGIN, y - size * 0.8, { width, align, height: lineHeight * lines, ellipsis: true, lineGap: lineHeight - doc.currentLineHeight(true), lineBreak: true });
  return taken;
}

const BACKGROUNDS: ReadonlyArray<readonly [string, string]> = [
  [lightTheme.colors.primary, lightTheme.colors.primaryHover],
  [lightTheme.colors.overlayBackground, lightTheme.colors.primaryHover],
  [lightTheme.colors.primaryHover, lightTheme.colors.overlayBackground],
];

function drawSlide(doc: PDFKit.PDFDocument, slides: PdfSlides, pageNumber: number, locale: SupportedLocale): void {
  const [from, to] = BACKGROUNDS[(pageNumber - 1) % BACKGROUNDS.length];
  const gradient = doc.linearGradient(0, 0, WIDTH, HEIGHT).stop(0, from).stop(1, to);
  doc.rect(0, 0, WIDTH, HEIGHT).fill(gradient);
  fill(doc, lightTheme.colors.onPrimary).rect(MARGIN, 150 * SCALE, 96 * SCALE, 10 * SCALE).fill();

  const muted = lightTheme.colors.overlayTextMuted;
  const byline = formatMessage(locale, slideTextMessages.byline, { owner: slides.ownerName });
  fill(doc, muted);
  write(doc, pageNumber === 1 ? byline : slides.title, 120 * SCALE, 30 * SCALE, 'bold', 1);
  fill(doc, lightTheme.colors.overlayText);
  if (pageNumber === 1) {
    const lines = write(doc, slides.title, 330 * SCALE, 96 * SCALE, 'bold', 3);
    if (slides.description) {
      fill(doc, muted);
      write(doc, slides.description, (330 + lines * 112 + 40) * SCALE, 40 * SCALE, 'regular', 3);
    }
  } else {
    fill(doc, lightTheme.colors.overlayText, 0.22);
    write(doc, String(pageNumber).padStart(2, '0'), 560 * SCALE, 280 * SCALE, 'bold', 1);
    fill(doc, lightTheme.colors.overlayText);
    write(doc, slides.title, 660 * SCALE, 72 * SCALE, 'bold', 2);
  }
  fill(doc, muted);
  const label = formatMessage(locale, slideTextMessages.pageNumber, { page: pageNumber, count: slides.pageCount });
  write(doc, label, HEIGHT - 80 * SCALE, 30 * SCALE, 'bold', 1, 'right');
}

/** The watermark's line, as the page writes it (watermarkMessages): who, and when, in the viewer's language and zone. */
export function watermarkLine(mark: PdfWatermark, locale: SupportedLocale): string {
  const time = new Intl.DateTimeFormat(locale, { ...WATERMARK_TIME_FORMAT, timeZone: mark.timeZone }).format(mark.at);
  return formatMessage(locale, watermarkMessages.line, { viewer: mark.viewer ?? formatMessage(locale, watermarkMessages.anonymous), time });
}

/** The line tiled diagonally across the page, faint enough to read the slide through it. */
function drawWatermark(doc: PDFKit.PDFDocument, line: string): void {
  doc.save();
  useFace(doc, line, 'bold');
  doc.fontSize(18);
  fill(doc, lightTheme.colors.overlayText, 0.3);
  doc.rotate(-30, { origin: [WIDTH / 2, HEIGHT / 2] });
  const step = doc.widthOfString(line) + 80;
  for (let y = -HEIGHT; y < HEIGHT * 2; y += 110) {
    for (let x = -WIDTH + ((y / 110) % 2) * (step / 2); x < WIDTH * 2; x += step) doc.text(line, x, y, { lineBreak: false });
  }
  doc.restore();
}

/** The PDF of a document's slides, with the watermark's line on every page when one is given. */
export function renderLinkPdf(slides: PdfSlides, locale: SupportedLocale, watermark: PdfWatermark | null): Promise<Buffer> {
  const doc = new PDFDocument({ size: [WIDTH, HEIGHT], margin: 0, autoFirstPage: false, info: { Title: slides.title }, lang: locale });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = watermark ? watermarkLine(watermark, locale) : null;
  for (let page = 1; page <= Math.max(1, slides.pageCount); page += 1) {
    doc.addPage();
    drawSlide(doc, slides, page, locale);
    if (line) drawWatermark(doc, line);
  }
  doc.end();
  return done;
}
