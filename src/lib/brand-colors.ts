/** Black or white text, whichever reads on the brand color; null when the color is not a hex. */
export function brandColors(hex: string | null): { background: string; color: string } | null {
  const m = hex ? /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim()) : null;
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(digits.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White on the color when it contrasts at least as well as black does.
  return { background: `#${digits}`, color: 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111111' };
}
