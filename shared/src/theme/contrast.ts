/**
 * WCAG 2.1 contrast ratio (relative luminance), shared by the theme's unit test and the browser
 * test that reads computed styles, so both measure the same way.
 */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Parses `#rgb`, `#rrggbb` and the `rgb()` / `rgba()` forms browsers report for computed styles. */
export function parseColour(colour: string): Rgba {
  const value = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1];
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
      a: 1,
    };
  }
  const functional = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(value);
  if (functional) {
    const alpha = functional[4] === undefined ? 1 : functional[4].endsWith('%') ? parseFloat(functional[4]) / 100 : parseFloat(functional[4]);
    return { r: Number(functional[1]), g: Number(functional[2]), b: Number(functional[3]), a: alpha };
  }
  throw new Error(`Cannot read the colour "${colour}"`);
}

/** A translucent colour as it shows over an opaque background. */
export function composite(over: Rgba, under: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * over.a + bottom * (1 - over.a);
  return { r: mix(over.r, under.r), g: mix(over.g, under.g), b: mix(over.b, under.b), a: 1 };
}

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1–21) of two colours; a translucent foreground is first laid over the background. */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const under = typeof background === 'string' ? parseColour(background) : background;
  const over = typeof foreground === 'string' ? parseColour(foreground) : foreground;
  const lighter = relativeLuminance(composite(over, under));
  const darker = relativeLuminance(under);
  const [high, low] = lighter > darker ? [lighter, darker] : [darker, lighter];
  return (high + 0.05) / (low + 0.05);
}

/** Of the candidate text colours, the one that reads best on `background`. */
export function readableOn(background: string, candidates: readonly string[]): string {
  return candidates.reduce((best, candidate) => (contrastRatio(candidate, background) > contrastRatio(best, background) ? candidate : best));
}

/** WCAG 2.1 AA minimums: 1.4.3 for text, 1.4.11 for control boundaries and focus indicators. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_NON_TEXT_CONTRAST = 3;
