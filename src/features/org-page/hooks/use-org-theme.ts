import { useEffect } from 'react';
import { themeVariables } from '../lib/theme';

/**
 * Applies the organization's colors as CSS variable overrides on <html> and forces the light
 * theme while the page is mounted; everything is put back as it was on leave.
 */
export function useOrgTheme(colors: { primary_color?: string | null; secondary_color?: string | null } | null | undefined) {
  const primary = colors?.primary_color ?? null;
  const secondary = colors?.secondary_color ?? null;
  useEffect(() => {
    const root = document.documentElement;
    const vars = themeVariables({ primary_color: primary, secondary_color: secondary });
    const previous = new Map<string, string>();
    for (const [name, value] of Object.entries(vars)) {
      previous.set(name, root.style.getPropertyValue(name));
      root.style.setProperty(name, value);
    }
    const hadDark = root.classList.contains('dark');
    const hadLight = root.classList.contains('light');
    const previousScheme = root.style.colorScheme;
    root.classList.remove('dark');
    root.classList.add('light');
    root.style.colorScheme = 'light';
    return () => {
      for (const [name, value] of previous) {
        if (value) root.style.setProperty(name, value);
        else root.style.removeProperty(name);
      }
      if (!hadLight) root.classList.remove('light');
      if (hadDark) root.classList.add('dark');
      root.style.colorScheme = previousScheme;
    };
  }, [primary, secondary]);
}
