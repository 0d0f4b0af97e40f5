import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from '../../src/lib/money';

describe('money', () => {
  it('formats integer cents as US dollars with two decimals', () => {
    expect(formatCents(12500)).toBe('$125.00');
    expect(formatCents(1800)).toBe('$18.00');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('turns typed dollars into integer cents without float drift', () => {
    expect(dollarsToCents('125')).toBe(12500);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('$65')).toBe(6500);
  });

  it('refuses amounts that are not dollars', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3']) expect(dollarsToCents(bad)).toBeNull();
  });
});
