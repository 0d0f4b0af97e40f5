import type { ReactNode } from 'react';
export interface AdminOrg {
  id: string;
  name: string;
  slug: string;
  /** The caller's role in it (the super admin is an owner of every organization). */
  role: 'owner' | 'staff';
  /** unpublished (new, not bookable yet) | published | suspended (by the super admin). */
  state: 'unpublished' | 'published' | 'suspended';
}

export const adminTabs = [
  'events',
  'reservations',
  'rsvps',
  'guests',
  'private-dinners',
  'settings',
  'settings-branding',
  'settings-promo-codes',
  'settings-email-templates',
  'settings-embed-form',
  'settings-team',
  'settings-payments',
  'settings-books',
  'chef-inquiries',
  'organizations',
] as const;

export type AdminTab = (typeof adminTabs)[number];

export type AdminLayoutKind = 'desktop' | 'mobile';

/** What every tab of the panel receives. */
export interface AdminTabContext {
  org: AdminOrg;
  layout: AdminLayoutKind;
  /** Switches the panel to another tab (e.g. from the mobile Settings list). */
  goTo(tab: AdminTab): void;
}

/** What the admin shell hands its desktop and its mobile layout. */
export interface AdminLayoutProps {
  org: AdminOrg;
  /** The super admin also sees the platform's own screens (platformNav). */
  isSuperAdmin: boolean;
  orgs: AdminOrg[];
  tab: AdminTab;
  onTab(tab: AdminTab): void;
  onOrg(orgId: string): void;
  onSignOut(): void;
  signingOut: boolean;
  children: ReactNode;
}
