/**
 * Procedural vessel photographs as real JPEG files (jpeg-js): sky and sea gradients, a distant coast,
 * a hull in the vessel's colour with boot-topping, superstructure, windows, mast and a reflection.
 * Deterministic for given parameters.
 */
import jpeg from 'jpeg-js';
import { Prng } from './prng';

type Rgb = readonly [number, number, number];

export interface VesselScene {
  width: number;
  height: number;
  hull: Rgb;
  /** side: broadside; bow: closer, three-quarter; far: small vessel further away */
  view: 'side' | 'bow' | 'far';
  seed: number;
  quality?: number;
}

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.data = Buffer.alloc(w * h * 4, 255);
  }

  blend(x: number, y: number, c: Rgb, a = 1): void {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (y * this.w + x) * 4;
    const d = this.data;
    d[i] = d[i]! + (c[0] - d[i]!) * a;
    d[i + 1] = d[i + 1]! + (c[1] - d[i + 1]!) * a;
    d[i + 2] = d[i + 2]! + (c[2] - d[i + 2]!) * a;
  }

  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, a = 1): void {
    const xa = Math.max(0, Math.round(Math.min(x0, x1)));
    const xb = Math.min(this.w, Math.round(Math.max(x0, x1)));
    const ya = Math.max(0, Math.round(Math.min(y0, y1)));
    const yb = Math.min(this.h, Math.round(Math.max(y0, y1)));
    for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) this.blend(x, y, c, a);
  }

  /** even-odd scanline fill of a polygon */
  polygon(pts: [number, number][], c: Rgb, a = 1): void {
    const ys = pts.map((p) => p[1]);
    const ya = Math.max(0, Math.floor(Math.min(...ys)));
    const yb = Math.min(this.h - 1, Math.ceil(Math.max(...ys)));
    for (let y = ya; y <= yb; y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [x1, y1] = pts[i]!;
        const [x2, y2] = pts[(i + 1) % pts.length]!;
        if ((y1 <= cy && y2 > cy) || (y2 <= cy && y1 > cy)) xs.push(x1 + ((cy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const xa = Math.max(0, Math.round(xs[k]!));
        const xb = Math.min(this.w, Math.round(xs[k + 1]!));
        for (let x = xa; x < xb; x++) this.blend(x, y, c, a);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, thick: number, c: Rgb): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    const r = thick / 2;
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      this.rect(x - r, y - r, x + r, y + r, c);
    }
  }
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
const shade = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

export function drawVesselScene(s: VesselScene): Buffer {
  const { width: w, height: h } = s;
  const rng = new Prng(s.seed);
  const cv = new Canvas(w, h);
  const d = cv.data;
  const horizon = Math.round(h * (0.5 + rng.next() * 0.08));
  const skyTop: Rgb = [62 + rng.int(0, 20), 118 + rng.int(0, 20), 190 + rng.int(0, 25)];
  const skyLow: Rgb = [196, 218, 236];
  const seaTop: Rgb = [52, 112, 148];
  const seaLow: Rgb = [12, 52, 88];
  const phase = rng.next() * 6;

  for (let y = 0; y < h; y++) {
    const row = y * w * 4;
    if (y < horizon) {
      const c = mix(skyTop, skyLow, Math.pow(y / horizon, 1.4));
      for (let x = 0; x < w; x++) {
        const i = row + x * 4;
        d[i] = c[0];
        d[i + 1] = c[1];
        d[i + 2] = c[2];
      }
    } else {
      const t = (y - horizon) / (h - horizon);
      const c = mix(seaTop, seaLow, t);
      const freq = 0.9 / (1 + t * 6);
      for (let x = 0; x < w; x++) {
        const i = row + x * 4;
        const wave = Math.sin(x * 0.035 * (1 + t * 3) + y * freq + phase) * 10 * (1 - t * 0.4);
        d[i] = c[0] + wave;
        d[i + 1] = c[1] + wave;
        d[i + 2] = c[2] + wave;
      }
    }
  }

  // distant coast
  const hill: Rgb = [88, 112, 96];
  const hillAmp = h * 0.05;
  for (let x = 0; x < w; x++) {
    const top = horizon - hillAmp * (0.4 + 0.35 * Math.sin(x / (w * 0.11) + phase) + 0.25 * Math.sin(x / (w * 0.037) + phase * 2));
    cv.rect(x, top, x + 1, horizon, hill, 0.85);
  }

  // vessel geometry
  const scale = s.view === 'bow' ? 1.25 : s.view === 'far' ? 0.55 : 1;
  const length = w * 0.7 * scale;
  const x0 = s.view === 'bow' ? w * 0.02 : (w - length) / 2 - w * 0.03;
  const x1 = x0 + length;
  const hullH = h * 0.11 * scale;
  const wl = horizon + h * (s.view === 'far' ? 0.05 : 0.14) * scale;
  const deck = wl - hullH;
  const rake = hullH * 0.7;

  // reflection
  for (let y = Math.round(wl); y < Math.min(h, wl + hullH * 0.9); y++) {
    const fade = 1 - (y - wl) / (hullH * 0.9);
    for (let x = Math.round(x0 + hullH * 0.3); x < Math.min(w, x1); x++) {
      const wobble = Math.sin(y * 0.9 + x * 0.01) > 0.2 ? 1 : 0.6;
      cv.blend(x, y, shade(s.hull, 0.55), 0.35 * fade * wobble);
    }
  }

  const hullPoly: [number, number][] = [
    [x0, deck + hullH * 0.05],
    [x1 + rake, deck - hullH * 0.18],
    [x1, wl],
    [x0 + hullH * 0.35, wl],
  ];
  cv.polygon(hullPoly, s.hull);
  // boot-topping (antifouling red) along the waterline
  cv.polygon(
    [
      [x0 + hullH * 0.28, wl - hullH * 0.2],
      [x1 + rake * 0.27, wl - hullH * 0.2],
      [x1, wl],
      [x0 + hullH * 0.35, wl],
    ],
    [150, 34, 30],
  );
  // sheer line
  cv.line(x0, deck + hullH * 0.05, x1 + rake, deck - hullH * 0.18, Math.max(1, hullH * 0.06), [236, 236, 230]);

  // superstructure (bridge forward of midships), two tiers, windows
  const white: Rgb = [236, 238, 240];
  const sx0 = x0 + length * 0.5;
  const sx1 = x0 + length * 0.74;
  const tier1 = deck - hullH * 1.1;
  cv.rect(sx0, tier1, sx1, deck + 1, white);
  cv.rect(sx0 + length * 0.04, tier1 - hullH * 0.8, sx1 - length * 0.02, tier1 + 1, white);
  const winH = hullH * 0.22;
  const winY = tier1 - hullH * 0.55;
  for (let x = sx0 + length * 0.05; x < sx1 - length * 0.03; x += hullH * 0.42) {
    cv.rect(x, winY, x + hullH * 0.28, winY + winH, [32, 48, 70]);
  }
  for (let x = sx0 + length * 0.02; x < sx1 - length * 0.02; x += hullH * 0.5) {
    cv.rect(x, tier1 + hullH * 0.35, x + hullH * 0.18, tier1 + hullH * 0.55, [40, 56, 78]);
  }
  // funnel in the hull colour
  cv.rect(sx0 + length * 0.02, tier1 - hullH * 1.25, sx0 + length * 0.06, tier1 - hullH * 0.75, shade(s.hull, 0.8));
  // mast and yard
  const mx = sx1 - length * 0.06;
  cv.line(mx, tier1 - hullH * 0.8, mx, tier1 - hullH * 2.6, Math.max(1, hullH * 0.05), [60, 60, 64]);
  cv.line(mx - hullH * 0.5, tier1 - hullH * 2.1, mx + hullH * 0.5, tier1 - hullH * 2.1, Math.max(1, hullH * 0.04), [60, 60, 64]);
  // working deck aft: net pile and boom
  cv.polygon(
    [
      [x0 + length * 0.05, deck + 1],
      [x0 + length * 0.3, deck + 1],
      [x0 + length * 0.26, deck - hullH * 0.55],
      [x0 + length * 0.09, deck - hullH * 0.5],
    ],
    [46, 52, 58],
  );
  cv.line(x0 + length * 0.35, deck, x0 + length * 0.12, deck - hullH * 1.7, Math.max(1, hullH * 0.06), [200, 180, 60]);

  return jpeg.encode({ width: w, height: h, data: d }, s.quality ?? 72).data;
}
