/**
 * A CSS colour as the `R G B` triplet Mintlify's CSS variables hold (`--primary: 22 163 74`,
 * read as `rgb(var(--primary))`), for every colour syntax docs.json accepts: hex, rgb(),
 * hsl(), oklch(), oklab() and the CSS named colours. Alpha is
 * dropped (a triplet has none). A colour outside sRGB (oklch with a large chroma) is
 * clipped channel by channel, which browsers may map more gently; the site's own colour
 * (`--q-primary`) keeps the exact value for Quire's styles.
 */
import { NAMED_COLORS } from './named-colors.js';

type Rgb = [number, number, number];

/** A number with an optional unit or percent sign, or `none` (0, as CSS reads it in a colour). */
interface Part {
  n: number;
  unit: string;
}

function parts(args: string): Part[] | null {
  // Modern syntax `a b c / alpha` and legacy `a, b, c, alpha`: the alpha is not needed.
  const list = args.split('/')[0].split(/[\s,]+/).filter(Boolean);
  const out: Part[] = [];
  for (const s of list) {
    if (s.toLowerCase() === 'none') {
      out.push({ n: 0, unit: '' });
      continue;
    }
    const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%|deg|grad|rad|turn)?$/i.exec(s);
    if (!m) return null;
    out.push({ n: Number(m[1]), unit: (m[2] ?? '').toLowerCase() });
  }
  return out.length >= 3 ? out : null;
}

/** An angle in degrees, in [0, 360). */
function degrees(p: Part): number {
  const d = p.unit === 'turn' ? p.n * 360 : p.unit === 'rad' ? (p.n * 180) / Math.PI : p.unit === 'grad' ? p.n * 0.9 : p.n;
  return ((d % 360) + 360) % 360;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** CSS Color 4 `hslToRgb`: channels in [0, 1]. */
function hslToRgb(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** OKLab to sRGB (Björn Ottosson's matrices, as CSS Color 4 uses them): channels in [0, 1] before clipping. */
function oklabToRgb(L: number, a: number, b: number): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear: Rgb = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((c) => (Math.abs(c) <= 0.0031308 ? 12.92 * c : Math.sign(c) * (1.055 * Math.abs(c) ** (1 / 2.4) - 0.055))) as Rgb;
}

/** The colour's sRGB channels in [0, 1], or null when it is not a colour this reads. */
function toRgb(color: string): Rgb | null {
  const c = color.trim().toLowerCase();
  const named = NAMED_COLORS.get(c);
  const hex = named ?? /^#([0-9a-f]{3,8})$/.exec(c)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4) return [...hex.slice(0, 3)].map((d) => parseInt(d + d, 16) / 255) as Rgb;
    if (hex.length === 6 || hex.length === 8) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb;
    return null;
  }
  const fn = /^(rgba?|hsla?|oklch|oklab)\((.*)\)$/.exec(c);
  const p = fn ? parts(fn[2]) : null;
  if (!fn || !p) return null;
  const [x, y, z] = p;
  const pct = (q: Part, whole: number) => (q.unit === '%' ? (q.n / 100) * whole : q.n);
  switch (fn[1]) {
    case 'rgb':
    case 'rgba':
      return [x, y, z].map((q) => pct(q, 255) / 255) as Rgb;
    case 'hsl':
    case 'hsla':
      // Saturation and lightness are percentages (bare numbers in the modern syntax mean the same).
      return hslToRgb(degrees(x), clamp01(y.n / 100), clamp01(z.n / 100));
    case 'oklab':
      return oklabToRgb(pct(x, 1), pct(y, 0.4), pct(z, 0.4));
    default: {
      const L = pct(x, 1);
      const C = Math.max(0, pct(y, 0.4));
      const h = (degrees(z) * Math.PI) / 180;
      return oklabToRgb(L, C * Math.cos(h), C * Math.sin(h));
    }
  }
}

/** `R G B` (0-255 each) of a colour, or undefined when it is not one this reads. */
export function rgbTriplet(color: string): string | undefined {
  const rgb = toRgb(color);
  return rgb ? rgb.map((v) => Math.round(clamp01(v) * 255)).join(' ') : undefined;
}

/** Whether `name` is a CSS named colour. */
export function isNamedColor(name: string): boolean {
  return NAMED_COLORS.has(name.trim().toLowerCase());
}
