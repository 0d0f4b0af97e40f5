import { describe, expect, it } from 'vitest';
import { foregroundFor, hexToHsl, hexToHslVar, themeVariables } from '../../src/features/org-page/lib/theme';

describe('organization theme colors', () => {
  it('converts hex colors to the H S% L% triplets the CSS variables hold', () => {
    expect(hexToHslVar('#3b82f6')).toBe('217 91% 60%');
    expect(hexToHslVar('#e5e7eb')).toBe('220 13% 91%');
    expect(hexToHslVar('#000000')).toBe('0 0% 0%');
    expect(hexToHslVar('#fff')).toBe('0 0% 100%');
    expect(hexToHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50 });
  });

  it('rejects anything that is not a hex color', () => {
    expect(hexToHslVar('blue')).toBeNull();
    expect(hexToHslVar('#12345')).toBeNull();
    expect(hexToHslVar('url(javascript:alert(1))')).toBeNull();
    expect(hexToHslVar(null)).toBeNull();
  });

  it('picks readable text for the brand color', () => {
    expect(foregroundFor('#1e3a8a')).toBe('0 0% 100%'); // dark blue → white text
    expect(foregroundFor('#fde047')).toBe('24 10% 10%'); // yellow → dark text
    expect(foregroundFor('#e5e7eb')).toBe('24 10% 10%');
  });

  it('overrides primary, ring and secondary; skips invalid colors', () => {
    expect(themeVariables({ primary_color: '#3b82f6', secondary_color: '#e5e7eb' })).toEqual({
      '--primary': '217 91% 60%',
      '--primary-foreground': foregroundFor('#3b82f6'),
      '--ring': '217 91% 60%',
      '--secondary': '220 13% 91%',
      '--secondary-foreground': '24 10% 10%',
    });
    expect(themeVariables({ primary_color: 'nope', secondary_color: null })).toEqual({});
  });
});
