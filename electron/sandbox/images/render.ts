// Draws the sandbox's dish photos in code: a top-down still life (tablecloth, plate or board or
// glass, food). The tablecloth's colour and the kind of food follow the photo's folder (the
// catalog group: items/<group>/<item>.png); the layout and pattern follow the file name. Pure function of (path, width, height): the same path
// always gives the same pixels. Shapes are anti-aliased and drawn only inside their bounding box,
// so a 480 × 360 photo renders and encodes in about 5–10 ms (then it is cached).
import { hashString, mulberry32, randomInt, type Random } from '../prng';

type Rgb = readonly [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** An RGB canvas in scene units: the height is 1 unit, the width is width/height units. */
class Canvas {
  readonly px: Uint8Array;
  readonly scale: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Uint8Array(width * height * 3);
    this.scale = height;
  }

  /**
   * Fills every pixel with a blend of `a` and `b`: `t(x, y)` = 0 gives a, 1 gives b. `row(y)` is
   * called once per row first, for work that does not depend on x.
   */
  fill(a: Rgb, b: Rgb, t: (x: number, y: number) => number, row?: (y: number) => void): void {
    const { px, width, height, scale } = this;
    for (let j = 0, o = 0; j < height; j++) {
      const y = (j + 0.5) / scale;
      row?.(y);
      for (let i = 0; i < width; i++, o += 3) {
        const k = t((i + 0.5) / scale, y);
        px[o] = a[0] + (b[0] - a[0]) * k;
        px[o + 1] = a[1] + (b[1] - a[1]) * k;
        px[o + 2] = a[2] + (b[2] - a[2]) * k;
      }
    }
  }

  /**
   * Paints a shape given by its signed distance (scene units, negative inside) over a bounding
   * box; `soft` widens the edge (shadows), alpha is the opacity.
   */
  private shape(box: [number, number, number, number], sdf: (x: number, y: number) => number, color: Rgb, alpha: number, soft: number): void {
    const { px, width, height, scale } = this;
    const edge = Math.max(1 / scale, soft);
    const i0 = Math.max(0, Math.floor((box[0] - edge) * scale));
    const i1 = Math.min(width - 1, Math.ceil((box[2] + edge) * scale));
    const j0 = Math.max(0, Math.floor((box[1] - edge) * scale));
    const j1 = Math.min(height - 1, Math.ceil((box[3] + edge) * scale));
    for (let j = j0; j <= j1; j++) {
      const y = (j + 0.5) / scale;
      for (let i = i0; i <= i1; i++) {
        const d = sdf((i + 0.5) / scale, y);
        let cover = 0.5 - d / edge;
        if (cover <= 0) continue;
        if (cover > 1) cover = 1;
        const a = cover * alpha;
        const o = (j * width + i) * 3;
        px[o] = (px[o] as number) + (color[0] - (px[o] as number)) * a;
        px[o + 1] = (px[o + 1] as number) + (color[1] - (px[o + 1] as number)) * a;
        px[o + 2] = (px[o + 2] as number) + (color[2] - (px[o + 2] as number)) * a;
      }
    }
  }

  /**
   * A disc, row by row: pixels well inside are blended without computing a distance, only the
   * anti-aliased rim is (the plates are large: most of their pixels skip the square root).
   */
  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1, soft = 0): void {
    const { px, width, height, scale } = this;
    const edge = Math.max(1 / scale, soft);
    const outer = r + edge / 2;
    const inner = r - edge / 2;
    const j0 = Math.max(0, Math.floor((cy - outer) * scale));
    const j1 = Math.min(height - 1, Math.ceil((cy + outer) * scale));
    const [cr, cg, cb] = color;
    for (let j = j0; j <= j1; j++) {
      const dy = (j + 0.5) / scale - cy;
      const dy2 = dy * dy;
      if (dy2 >= outer * outer) continue;
      const halfOuter = Math.sqrt(outer * outer - dy2);
      const halfInner = inner > 0 && dy2 < inner * inner ? Math.sqrt(inner * inner - dy2) : -1;
      const i0 = Math.max(0, Math.floor((cx - halfOuter) * scale));
      const i1 = Math.min(width - 1, Math.ceil((cx + halfOuter) * scale));
      for (let i = i0; i <= i1; i++) {
        const dx = (i + 0.5) / scale - cx;
        let a = alpha;
        if (!(dx > -halfInner && dx < halfInner)) {
          let cover = 0.5 - (Math.sqrt(dx * dx + dy2) - r) / edge;
          if (cover <= 0) continue;
          if (cover > 1) cover = 1;
          a = cover * alpha;
        }
        const o = (j * width + i) * 3;
        px[o] = (px[o] as number) + (cr - (px[o] as number)) * a;
        px[o + 1] = (px[o + 1] as number) + (cg - (px[o + 1] as number)) * a;
        px[o + 2] = (px[o + 2] as number) + (cb - (px[o + 2] as number)) * a;
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1): void {
    const r = Math.min(rx, ry);
    this.shape(
      [cx - rx, cy - ry, cx + rx, cy + ry],
      (x, y) => {
        const u = (x - cx) / rx;
        const v = (y - cy) / ry;
        return (Math.sqrt(u * u + v * v) - 1) * r;
      },
      color,
      alpha,
      0,
    );
  }

  roundRect(x0: number, y0: number, x1: number, y1: number, radius: number, color: Rgb, alpha = 1, soft = 0): void {
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const hx = (x1 - x0) / 2 - radius;
    const hy = (y1 - y0) / 2 - radius;
    this.shape(
      [x0, y0, x1, y1],
      (x, y) => {
        const qx = Math.abs(x - cx) - hx;
        const qy = Math.abs(y - cy) - hy;
        const ox = qx > 0 ? qx : 0;
        const oy = qy > 0 ? qy : 0;
        return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - radius;
      },
      color,
      alpha,
      soft,
    );
  }
}

/** Appetizing base colours (hue, saturation, lightness) of the food, by words of the group folder or file. */
const FOOD_COLOURS: readonly (readonly [RegExp, number, number, number])[] = [
  [/cerve|clara|ipa/, 40, 0.85, 0.52],
  [/vino|sangria|vermut|cava|rioja|ribera|priorat|tinto/, 350, 0.6, 0.3],
  [/cafe|licor|infusion|orujo|brandy|chocolate/, 25, 0.5, 0.32],
  [/bebida|refresco|zumo|agua|combinado|cola/, 28, 0.8, 0.5],
  [/ensalada|verdura|vegetal/, 95, 0.5, 0.42],
  [/postre|helado|fruta|tarta|crema|flan/, 35, 0.6, 0.68],
  [/pescado|marisco|bacalao|gamba|pulpo|calamar/, 14, 0.65, 0.62],
  [/carne|brasa|guiso|ave|pollo|ternera|cordero/, 12, 0.5, 0.33],
  [/arroz|paella|fideu|pasta|macarron|canelon/, 44, 0.8, 0.5],
  [/entrante|tapa|embutido|racion|jamon|queso/, 2, 0.55, 0.42],
  [/menu/, 20, 0.55, 0.45],
];

const DRINKS = /cerve|vino|bebida|cafe|licor|zumo|agua|refresco|combinado|infusion|sangria|vermut|cava/;

interface Palette {
  cloth: Rgb;
  clothAccent: Rgb;
  food: Rgb[];
  garnish: Rgb[];
}

function foodColour(folder: string, file: string): readonly [number, number, number] {
  for (const subject of [folder, file]) {
    const rule = FOOD_COLOURS.find(([words]) => words.test(subject));
    if (rule) return [rule[1], rule[2], rule[3]];
  }
  // Unknown words: a warm hue (reds, oranges, browns) or now and then a green, from the folder.
  const h = hashString(folder || file);
  return h % 5 === 0 ? [90 + (h % 30), 0.5, 0.42] : [h % 56, 0.6, 0.35 + (h % 20) / 100];
}

function paletteFor(folder: string, file: string, random: Random): Palette {
  // The cloth tells the groups apart: its hue comes from the folder (one per catalog group).
  const clothHue = hashString(folder || file) % 360;
  const [h, s, l] = foodColour(folder, file);
  return {
    cloth: hsl(clothHue, 0.35, 0.9),
    clothAccent: hsl(clothHue, 0.45, 0.72),
    food: [0, 1, 2, 3].map((k) => hsl(h + (k - 1.5) * 7 + randomInt(random, -4, 4), Math.min(1, s + random() * 0.1), l + (k - 1.5) * 0.05)),
    garnish: [hsl(110 + randomInt(random, -15, 15), 0.5, 0.38), hsl(8, 0.7, 0.5), hsl(48, 0.85, 0.6)],
  };
}

function drawCloth(canvas: Canvas, p: Palette, pattern: number): void {
  const cell = 0.09;
  if (pattern === 0) {
    // Gingham: bands across and down, darker where they cross.
    canvas.fill(p.cloth, p.clothAccent, (x, y) => ((Math.floor(x / cell) & 1) === 0 ? 0.35 : 0) + ((Math.floor(y / cell) & 1) === 0 ? 0.35 : 0));
  } else if (pattern === 1) {
    // Diagonal stripes.
    canvas.fill(p.cloth, p.clothAccent, (x, y) => ((Math.floor((x + y) / (cell * 0.8)) & 1) === 0 ? 0 : 0.45));
  } else if (pattern === 2) {
    // Wooden table: planks with a soft grain and dark seams.
    // sin(18x + phase) = sin(18x)·cos(phase) + cos(18x)·sin(phase): one sine per column, one per row.
    const columns = Math.ceil(canvas.width) + 1;
    const sinX = new Float64Array(columns);
    const cosX = new Float64Array(columns);
    for (let i = 0; i < columns; i++) {
      sinX[i] = Math.sin(((i + 0.5) / canvas.scale) * 18);
      cosX[i] = Math.cos(((i + 0.5) / canvas.scale) * 18);
    }
    let cosPhase = 0;
    let sinPhase = 0;
    let base = 0;
    let seam = false;
    canvas.fill(
      [214, 170, 120],
      [120, 78, 44],
      (x) => {
        if (seam) return 0.9;
        const i = Math.floor(x * canvas.scale);
        return base + 0.1 * ((sinX[i] as number) * cosPhase + (cosX[i] as number) * sinPhase);
      },
      (y) => {
        const plank = Math.floor(y / 0.2);
        const phase = plank * 2.1 + Math.sin(y * 40) * 0.6;
        cosPhase = Math.cos(phase);
        sinPhase = Math.sin(phase);
        seam = y - plank * 0.2 < 0.008;
        base = 0.3 + (plank % 3) * 0.06;
      },
    );
  } else {
    // Linen with a vignette.
    const cx = canvas.width / canvas.height / 2;
    canvas.fill(p.cloth, p.clothAccent, (x, y) => Math.min(1, Math.sqrt((x - cx) * (x - cx) + (y - 0.5) * (y - 0.5)) * 0.9));
  }
}

function drawPlate(canvas: Canvas, p: Palette, random: Random, cx: number, cy: number, deep: boolean): void {
  canvas.circle(cx + 0.025, cy + 0.035, 0.41, [0, 0, 0], 0.22, 0.05);
  canvas.circle(cx, cy, 0.4, [248, 246, 241]);
  canvas.circle(cx, cy, 0.3, deep ? [226, 221, 212] : [236, 232, 224]);
  canvas.circle(cx, cy, 0.29, deep ? mix(p.food[0] as Rgb, [255, 255, 255], 0.15) : [246, 243, 237]);
  // The food: overlapping round pieces around the centre, then a garnish.
  const pieces = randomInt(random, 3, 6);
  for (let k = 0; k < pieces; k++) {
    const angle = random() * Math.PI * 2;
    const dist = random() * (deep ? 0.1 : 0.12);
    const r = (deep ? 0.06 : 0.07) + random() * 0.07;
    const x = cx + Math.cos(angle) * dist;
    const y = cy + Math.sin(angle) * dist;
    const color = p.food[k % p.food.length] as Rgb;
    canvas.circle(x + 0.01, y + 0.012, r, [0, 0, 0], 0.18, 0.02);
    canvas.circle(x, y, r, color);
    canvas.circle(x - r * 0.3, y - r * 0.3, r * 0.35, mix(color, [255, 255, 255], 0.35), 0.6, 0.02);
  }
  const garnish = randomInt(random, 3, 8);
  for (let k = 0; k < garnish; k++) {
    const angle = random() * Math.PI * 2;
    const dist = 0.05 + random() * 0.17;
    canvas.circle(cx + Math.cos(angle) * dist, cy + Math.sin(angle) * dist, 0.012 + random() * 0.012, p.garnish[k % 3] as Rgb);
  }
}

function drawBoard(canvas: Canvas, p: Palette, random: Random, cx: number, cy: number): void {
  const w = 0.5;
  const h = 0.33;
  canvas.roundRect(cx - w + 0.03, cy - h + 0.04, cx + w + 0.03, cy + h + 0.04, 0.06, [0, 0, 0], 0.22, 0.05);
  canvas.roundRect(cx - w, cy - h, cx + w, cy + h, 0.06, hsl(30, 0.45, 0.55));
  canvas.roundRect(cx - w + 0.03, cy - h + 0.03, cx + w - 0.03, cy + h - 0.03, 0.04, hsl(32, 0.48, 0.62));
  // Slices in rows, like cured meats or cheese on a board.
  const rows = randomInt(random, 2, 3);
  const perRow = randomInt(random, 4, 6);
  for (let r = 0; r < rows; r++) {
    const color = p.food[r % p.food.length] as Rgb;
    for (let k = 0; k < perRow; k++) {
      const x = cx - w + 0.12 + (k * (2 * w - 0.24)) / (perRow - 1);
      const y = cy + (r - (rows - 1) / 2) * 0.18;
      canvas.ellipse(x, y, 0.07, 0.05 + random() * 0.02, color);
      canvas.ellipse(x - 0.015, y - 0.01, 0.03, 0.02, mix(color, [255, 255, 255], 0.4), 0.7);
    }
  }
}

function drawGlass(canvas: Canvas, p: Palette, random: Random, cx: number, cy: number): void {
  canvas.circle(cx + 0.02, cy + 0.03, 0.33, [0, 0, 0], 0.2, 0.05);
  canvas.circle(cx, cy, 0.32, [246, 244, 240]); // saucer or coaster
  canvas.circle(cx, cy, 0.22, [200, 210, 215]); // glass rim
  const liquid = p.food[randomInt(random, 0, p.food.length - 1)] as Rgb;
  canvas.circle(cx, cy, 0.2, liquid);
  if (random() < 0.5) canvas.circle(cx, cy, 0.2, [250, 246, 232], 0.85, 0); // foam or milk
  if (random() < 0.6) canvas.circle(cx, cy, 0.13, liquid, 0.9);
  canvas.ellipse(cx - 0.08, cy - 0.1, 0.06, 0.025, [255, 255, 255], 0.55); // reflection
  if (random() < 0.5) {
    canvas.circle(cx + 0.1, cy + 0.05, 0.045, hsl(55, 0.85, 0.6)); // a slice of lemon
    canvas.circle(cx + 0.1, cy + 0.05, 0.035, hsl(58, 0.9, 0.75));
  }
}

/** RGB pixels (width × height × 3) of the generated photo of `path`. */
export function renderPhoto(path: string, width: number, height: number): Uint8Array {
  const slash = path.lastIndexOf('/');
  const folder = slash >= 0 ? path.slice(0, slash) : '';
  const file = slash >= 0 ? path.slice(slash + 1) : path;
  const random = mulberry32(hashString(path));
  const palette = paletteFor(folder, file, random);
  const canvas = new Canvas(width, height);
  drawCloth(canvas, palette, hashString(file) % 4);

  const cx = width / height / 2 + (random() - 0.5) * 0.06;
  const cy = 0.5 + (random() - 0.5) * 0.04;
  const kind =
    DRINKS.test(folder) || (!folder.startsWith('items') && DRINKS.test(file)) ? 'glass' : (['plate', 'plate', 'bowl', 'board'] as const)[hashString(file) % 4];
  if (kind === 'glass') drawGlass(canvas, palette, random, cx, cy);
  else if (kind === 'board') drawBoard(canvas, palette, random, cx, cy);
  else drawPlate(canvas, palette, random, cx, cy, kind === 'bowl');
  return canvas.px;
}
