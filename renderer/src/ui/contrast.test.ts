import { describe, expect, it } from 'vitest';
import { parseHexColor, readableTextColor } from './contrast';

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
