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

/** WCAG 2.x contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type ThemeName = 'light' | 'dark';

/**
 * The colour variables of a stylesheet's first `:root` block, per theme: `--ink: light-dark(#14181f,
 * #eceff3)` gives ink #14181f in the light theme and #eceff3 in the dark one.
 * Only solid hex colours are read; shades (rgba) lie over other colours and are not text.
 */
export function themeColours(css: string): Record<ThemeName, Record<string, string>> {
  const start = css.indexOf(':root {');
  const block = start < 0 ? '' : css.slice(start, css.indexOf('}', start));
  const themes: Record<ThemeName, Record<string, string>> = { light: {}, dark: {} };
  for (const match of block.matchAll(/--([\w-]+):\s*light-dark\(\s*(#[0-9a-f]{3,6})\s*,\s*(#[0-9a-f]{3,6})\s*\)/gi)) {
    const [, name, light, dark] = match;
    themes.light[name!] = parseHexColor(light!)!;
    themes.dark[name!] = parseHexColor(dark!)!;
  }
  return themes;
}
