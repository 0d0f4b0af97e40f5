import type { Tables } from '@/lib/database.types';

/** An organization's org_branding row as the admin edits it. */
export type OrgBranding = Omit<Tables<'org_branding'>, 'id' | 'address' | 'city' | 'created_at' | 'updated_at' | 'reservation_mode'> & {
  reservation_mode: 'reservations' | 'rsvp';
};

export const defaultColors = { primary: '#3b82f6', secondary: '#e5e7eb' } as const;
