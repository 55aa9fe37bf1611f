import { renderSVG } from 'uqr';

// The card's QR code as inline SVG, made by `uqr` (0.1.3, no dependencies).
// Its `renderSVG` writes a fixed template: one <svg>, one <rect>, one <path> of moves and lines,
// the colours we pass (escaped). The code's text only decides which modules are dark, so nothing
// typed can reach the markup; still, the markup is checked against that template before it is put
// in the page: static SVG, no script, no event handler, no style, no link (the page's CSP holds).

const STATIC_QR =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"><rect fill="white" width="\d+" height="\d+"\/><path fill="black" d="[MhvzZ0-9,\- ]*"\/><\/svg>$/;

/** True when `svg` is exactly the static template above. */
export function isStaticQrSvg(svg: string): boolean {
  return STATIC_QR.test(svg);
}

/** The QR code of `text` as static SVG markup (dark on white in both themes: scanners need it). */
export function qrSvg(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 2, pixelSize: 10, whiteColor: 'white', blackColor: 'black' });
  if (!isStaticQrSvg(svg)) throw new Error('uqr produced SVG outside its static template: not shown');
  return svg;
}
