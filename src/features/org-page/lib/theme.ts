/**
 * An organization's brand colors as overrides of the app's CSS variables (which hold
 * "H S% L%" triplets for Tailwind's `hsl(var(--x))`). Pure, so it is unit tested.
 */

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function hexToRgb(hex: string): [number, number, number] | null {
  const m = HEX.exec(hex.trim());
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

export function hexToHsl(hex: string): Hsl | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h: Math.round(h), s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** "#3b82f6" → "217 91% 60%" (the format of the variables in index.css), or null. */
export function hexToHslVar(hex: string | null | undefined): string | null {
  const hsl = hex ? hexToHsl(hex) : null;
  return hsl ? `${hsl.h} ${hsl.s}% ${hsl.l}%` : null;
}

/** WCAG relative luminance, 0 (black) .. 1 (white). */
export function relativeLuminance(hex: string): number | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_TEXT = '24 10% 10%';
const LIGHT_TEXT = '0 0% 100%';

/** Text on a colored surface: whichever of white or near-black contrasts more. */
export function foregroundFor(hex: string): string {
  const lum = relativeLuminance(hex) ?? 0;
  const contrastWithWhite = 1.05 / (lum + 0.05);
  const contrastWithDark = (lum + 0.05) / 0.0605; // near-black's luminance ≈ 0.0105
  return contrastWithWhite >= contrastWithDark ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The CSS variables to set while an organization's page is open. Invalid or missing colors
 * are skipped, leaving the app's defaults.
 */
export function themeVariables(colors: { primary_color?: string | null; secondary_color?: string | null }): Record<string, string> {
  const vars: Record<string, string> = {};
  const primary = hexToHslVar(colors.primary_color);
  if (primary && colors.primary_color) {
    vars['--primary'] = primary;
    vars['--primary-foreground'] = foregroundFor(colors.primary_color);
    vars['--ring'] = primary;
  }
  const secondary = hexToHslVar(colors.secondary_color);
  if (secondary && colors.secondary_color) {
    vars['--secondary'] = secondary;
    vars['--secondary-foreground'] = foregroundFor(colors.secondary_color);
  }
  return vars;
}
