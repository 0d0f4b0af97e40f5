/** 250 basis points → '2.5%'. */
export const percentOf = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** '2.5' → 250 basis points; null unless a number from 0 to 90 with at most two decimals. */
export function bpsOf(percent: string): number | null {
  const text = percent.trim().replace(/%$/, '');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bps = Math.round(Number(text) * 100);
  return bps <= 9000 ? bps : null;
}
