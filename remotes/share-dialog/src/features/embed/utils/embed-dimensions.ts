/** Spec §9: embeds default to 560 × 315, a 16:9 ratio, with at most 4 digits per side. */
export const DEFAULT_EMBED_SIZE: EmbedSize = { width: '560', height: '315' };
export const EMBED_RATIO = 16 / 9;
export const MAX_DIMENSION_DIGITS = 4;
const MAX_DIMENSION = 10 ** MAX_DIMENSION_DIGITS - 1;

/** Both sides as the inputs show them: digit strings, or both empty when cleared. */
export interface EmbedSize {
  width: string;
  height: string;
}

const CLEARED: EmbedSize = { width: '', height: '' };

/** Keeps the digits of what was typed or pasted, at most four, without leading zeros. */
export function toDimensionDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_DIMENSION_DIGITS);
  return digits === '' ? '' : String(Number(digits));
}

/**
 * The tallest height whose 16:9 width still fits in four digits (5624 → 9998), so that
 * editing either side can never push the other past the input's limit.
 */
const MAX_HEIGHT = Math.floor((MAX_DIMENSION + 0.5) / EMBED_RATIO);

/** Editing the width sets the height to width × 9/16, rounded; empty or zero clears both. */
export function withWidth(raw: string): EmbedSize {
  const digits = toDimensionDigits(raw);
  const width = Number(digits);
  if (digits === '' || width === 0) return CLEARED;
  return { width: String(width), height: String(Math.round(width / EMBED_RATIO)) };
}

/** Editing the height sets the width to height × 16/9, rounded; empty or zero clears both. */
export function withHeight(raw: string): EmbedSize {
  const digits = toDimensionDigits(raw);
  const height = Number(digits);
  if (digits === '' || height === 0) return CLEARED;
  const fitting = Math.min(height, MAX_HEIGHT);
  return { width: String(Math.round(fitting * EMBED_RATIO)), height: String(fitting) };
}
