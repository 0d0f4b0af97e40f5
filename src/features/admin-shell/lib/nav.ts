import {
  BookOpen,
  Building2,
  CalendarDays,
  ChefHat,
  ClipboardList,
  Code,
  CreditCard,
  Mail,
  Palette,
  Settings,
  Tag,
  Ticket,
  UserPlus,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { AdminTab } from '../types';

export interface NavItem {
  tab: AdminTab;
  title: string;
  icon: LucideIcon;
}

/** Navigation as plain data (the sidebar and the drawer render it). */
export const mainNav: NavItem[] = [
  { tab: 'events', title: 'Events', icon: CalendarDays },
  { tab: 'reservations', title: 'Reservations', icon: ClipboardList },
  { tab: 'rsvps', title: 'RSVPs', icon: Ticket },
  { tab: 'guests', title: 'Guests', icon: Users },
  // Requests from the page's private dinner form (when Branding turns them on).
  { tab: 'private-dinners', title: 'Private dinners', icon: UtensilsCrossed },
];

export const settingsNav: NavItem[] = [
  { tab: 'settings-branding', title: 'Branding', icon: Palette },
  { tab: 'settings-promo-codes', title: 'Promo Codes', icon: Tag },
  { tab: 'settings-email-templates', title: 'Email Templates', icon: Mail },
  { tab: 'settings-embed-form', title: 'Embed Form', icon: Code },
  { tab: 'settings-team', title: 'Team', icon: UserPlus },
  { tab: 'settings-payments', title: 'Payments', icon: CreditCard },
  { tab: 'settings-books', title: 'Books', icon: BookOpen },
];

/** The platform's screens, for the super admin only (the database refuses anyone else too). */
export const platformNav: NavItem[] = [
  { tab: 'chef-inquiries', title: 'Pop-up chefs', icon: ChefHat },
  { tab: 'organizations', title: 'Organizations', icon: Building2 },
];

/** Tabs only the super admin may open. */
export const isPlatformTab = (tab: AdminTab) => platformNav.some((item) => item.tab === tab);

/** On phones the settings sub-tabs sit behind one Settings entry. */
export const mobileNav: NavItem[] = [...mainNav, { tab: 'settings', title: 'Settings', icon: Settings }];

export function tabTitle(tab: AdminTab): string {
  return [...mobileNav, ...settingsNav, ...platformNav].find((item) => item.tab === tab)?.title ?? 'Events';
}
