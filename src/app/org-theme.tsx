import { useOrgTheme } from '@/features/org-page/hooks/use-org-theme';

/** Applies an organization's colors while mounted (the org page's theme): the waitlist and payment link pages' `renderTheme`. */
export function OrgTheme({ colors }: { colors: { primary_color: string | null } }) {
  useOrgTheme(colors);
  return null;
}
