import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { isStaticQrSvg, qrSvg } from './qr';

describe('qrSvg', () => {
  it('draws a card code as static SVG: one rect, one path, nothing that runs', () => {
    const svg = qrSvg('3f1c2b9e-8d4a-4c3e-9b2f-0a1b2c3d4e5f');
    expect(isStaticQrSvg(svg)).toBe(true);
    expect(svg).not.toMatch(/script|on[a-z]+=|style|href|foreignObject/i);
    expect(svg.match(/</g)).toHaveLength(4); // <svg> <rect/> <path/> </svg>
  });

  it('markup-like code text never reaches the markup (it only sets modules)', () => {
    const svg = qrSvg('<script>alert(1)</script>"onload=');
    expect(isStaticQrSvg(svg)).toBe(true);
    expect(svg).not.toContain('alert');
  });

  it('encodes the code itself: the modules are those of the text', () => {
    const text = 'GC-2026-0001';
    const { size, data } = encode(text, { ecc: 'M', border: 2 });
    const dark = data.flat().filter(Boolean).length;
    const svg = qrSvg(text);
    expect(svg).toContain(`viewBox="0 0 ${size * 10} ${size * 10}"`);
    expect(svg.match(/M\d+,\d+h10v10h-10z/g)).toHaveLength(dark);
  });

  it('the template check refuses anything else', () => {
    const good = qrSvg('x');
    expect(isStaticQrSvg(good.replace('<path', '<path onclick="x()"'))).toBe(false);
    expect(isStaticQrSvg(good.replace('</svg>', '<script>x()</script></svg>'))).toBe(false);
    expect(isStaticQrSvg(good.replace('fill="black"', 'fill="url(javascript:x)"'))).toBe(false);
  });
});
