import { describe, expect, it } from 'vitest';
import styles from '../styles.css?raw';
import { contrastRatio, parseHexColor, readableTextColor, themeColours } from './contrast';

describe('readableTextColor', () => {
  it('picks black on light fills and white on dark ones', () => {
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#ffcc00')).toBe('#000000');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#1f4e8c')).toBe('#ffffff');
    expect(readableTextColor('#c0392b')).toBe('#ffffff');
  });

  it('copes with short and malformed colours', () => {
    expect(parseHexColor('#ABC')).toBe('#aabbcc');
    expect(parseHexColor('red')).toBeNull();
    expect(readableTextColor('not a colour')).toBe('#000000');
  });
});

describe('contrastRatio', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

// Both themes, every pair of text and background the stylesheets put together
// (text colour on background colour), at WCAG AA for normal text: 4.5:1.
const TEXT_ON_BACKGROUND: [text: string, background: string][] = [
  ['ink', 'paper'],
  ['ink', 'canvas'],
  ['ink', 'floor'],
  ['ink', 'line'], // a keypad key while pressed
  ['ink', 'accent-soft'], // a chosen option
  ['ink', 'warn-bg'],
  ['ink-soft', 'paper'],
  ['ink-soft', 'canvas'],
  ['ink-soft', 'floor'],
  ['ink-faint', 'paper'], // placeholders
  ['paper', 'ink'], // chosen tabs, primary buttons
  ['accent-ink', 'accent'],
  ['accent', 'paper'],
  ['accent', 'canvas'],
  ['ok', 'paper'],
  ['ok', 'canvas'],
  ['paper', 'ok'], // "Open order" chips, passed checks
  ['problem', 'paper'],
  ['problem', 'canvas'],
  ['problem', 'warn-bg'],
  ['paper', 'problem'], // "Needs attention" chips, failed checks
  ['warn-ink', 'warn-bg'],
  ['warn-ink', 'paper'],
  ['warn-ink', 'canvas'],
];

describe('the light and dark themes', () => {
  const themes = themeColours(styles);

  it('define the same colours, each in both themes', () => {
    expect(Object.keys(themes.light).length).toBeGreaterThan(10);
    expect(Object.keys(themes.dark).sort()).toEqual(Object.keys(themes.light).sort());
    for (const [text, background] of TEXT_ON_BACKGROUND) {
      expect(themes.light, text).toHaveProperty(text);
      expect(themes.light, background).toHaveProperty(background);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: every text colour on its backgrounds reaches 4.5:1`, () => {
      const colours = themes[theme];
      const failing = TEXT_ON_BACKGROUND.map(([text, background]) => ({
        pair: `${text} on ${background}`,
        ratio: contrastRatio(colours[text]!, colours[background]!),
      }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    });
  }

  it('the dark theme is dark and the light one light', () => {
    expect(contrastRatio(themes.dark.canvas!, '#000000')).toBeLessThan(2);
    expect(contrastRatio(themes.light.canvas!, '#ffffff')).toBeLessThan(1.2);
  });
});
