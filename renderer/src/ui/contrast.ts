/** Neutral fill for a table whose colour is missing or malformed. */
export const FALLBACK_FILL = '#d0d5dd';

/** '#rgb' or '#rrggbb' → a normalised '#rrggbb', or null. */
export function parseHexColor(color: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toLowerCase()}`;
}

/** WCAG 2.x relative luminance of '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever contrasts more with the background. */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(parseHexColor(background) ?? FALLBACK_FILL);
  const withBlack = (luminance + 0.05) / 0.05;
  const withWhite = 1.05 / (luminance + 0.05);
  return withBlack >= withWhite ? '#000000' : '#ffffff';
}
