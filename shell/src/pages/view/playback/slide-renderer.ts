import { wrapWords } from './wrap-words';

/**
 * Draws one page of a document as an image, the way the player shows it. The product's real
 * renderer is not part of this bundle, so each page is a styled frame with the document's title
 * and the page number; the work (drawing, encoding and decoding an image per page) is real, which
 * is what the loading progress measures.
 */

export interface SlideContent {
  title: string;
  description: string;
  byline: string;
  pageLabel: string;
  pageNumber: number;
  pageCount: number;
}

export interface SlideStyle {
  fontFamily: string;
  /** Background colour pairs; page n uses pair (n - 1) mod length. */
  backgrounds: ReadonlyArray<readonly [string, string]>;
  text: string;
  muted: string;
  accent: string;
}

export const SLIDE_WIDTH = 1600;
export const SLIDE_HEIGHT = 900;

function wrapLines(context: CanvasRenderingContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  return wrapWords(text, (line) => context.measureText(line).width <= maxWidth, maxLines);
}

async function fontReady(fontFamily: string) {
  // Canvas text uses a web font only once it is loaded; without it the system font is used.
  const fonts = globalThis.document?.fonts;
  if (!fonts) return;
  await Promise.all([fonts.load(`700 64px ${fontFamily}`), fonts.load(`400 32px ${fontFamily}`)]).catch(() => undefined);
}

function drawSlide(context: CanvasRenderingContext2D, content: SlideContent, style: SlideStyle) {
  const [from, to] = style.backgrounds[(content.pageNumber - 1) % style.backgrounds.length];
  const gradient = context.createLinearGradient(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT);
  gradient.addColorStop(0, from);
  gradient.addColorStop(1, to);
  context.fillStyle = gradient;
  context.fillRect(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT);

  const margin = 120;
  context.textBaseline = 'alphabetic';
  context.fillStyle = style.accent;
  context.fillRect(margin, 150, 96, 10);

  context.fillStyle = style.muted;
  context.font = `600 30px ${style.fontFamily}`;
  context.fillText(content.pageNumber === 1 ? content.byline : content.title, margin, 120);

  context.fillStyle = style.text;
  if (content.pageNumber === 1) {
    context.font = `700 96px ${style.fontFamily}`;
    const lines = wrapLines(context, content.title, SLIDE_WIDTH - margin * 2, 3);
    lines.forEach((text, index) => context.fillText(text, margin, 330 + index * 112));
    if (content.description) {
      context.fillStyle = style.muted;
      context.font = `400 40px ${style.fontFamily}`;
      const description = wrapLines(context, content.description, SLIDE_WIDTH - margin * 2, 3);
      const top = 330 + lines.length * 112 + 40;
      description.forEach((text, index) => context.fillText(text, margin, top + index * 56));
    }
  } else {
    context.font = `700 280px ${style.fontFamily}`;
    context.globalAlpha = 0.22;
    context.fillText(String(content.pageNumber).padStart(2, '0'), margin - 12, 560);
    context.globalAlpha = 1;
    context.font = `700 72px ${style.fontFamily}`;
    wrapLines(context, content.title, SLIDE_WIDTH - margin * 2, 2).forEach((text, index) => context.fillText(text, margin, 660 + index * 84));
  }

  context.fillStyle = style.muted;
  context.font = `600 30px ${style.fontFamily}`;
  context.textAlign = 'right';
  context.fillText(content.pageLabel, SLIDE_WIDTH - margin, SLIDE_HEIGHT - 80);
  context.textAlign = 'left';
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page image could not be encoded'))), 'image/png'),
  );
}

/** Draws, encodes and decodes one page; resolves with an object URL the caller must revoke. */
export async function renderSlideImage(content: SlideContent, style: SlideStyle): Promise<string> {
  const canvas = globalThis.document.createElement('canvas');
  canvas.width = SLIDE_WIDTH;
  canvas.height = SLIDE_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Drawing is not available in this browser');
  await fontReady(style.fontFamily);
  drawSlide(context, content, style);
  const url = URL.createObjectURL(await canvasBlob(canvas));
  try {
    // Decoding now lets the page appear at once when its turn comes.
    const image = new Image();
    image.src = url;
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return url;
}
