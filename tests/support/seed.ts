import { DEMO_PASSWORD, SUPER_ADMIN_EMAIL } from '../../stack/config.ts';

/**
 * A fixed id from supabase/seed.sql: the first group says what the row is (a0000000 an
 * organization, b0000000 a user, c000000N an event of the Nth venue), the last its number.
 */
const seededId = (kind: string, n: number) => `${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ORG = {
  eatathome: seededId('a0000000', 1),
  magnolia: seededId('a0000000', 2),
  gardenTable: seededId('a0000000', 3),
} as const;

export const USER = {
  eatathomeOwner: seededId('b0000000', 1),
  magnoliaOwner: seededId('b0000000', 2),
  gardenTableOwner: seededId('b0000000', 3),
  superAdmin: seededId('b0000000', 9),
} as const;

/** Eat At Home's seeded dinners: 00 is in the past, 01..04 upcoming. */
export const eatathomeEvent = (n: number) => seededId('c0000001', n);
/** Magnolia's seeded suppers in date order; 02 is sold out. */
export const magnoliaEvent = (n: number) => seededId('c0000002', n);
/** The Garden Table's RSVP dinners: 01 has a full, a nearly full, an open and an inactive slot. */
export const gardenEvent = (n: number) => seededId('c0000003', n);

/** The seeded super admin's sign-in. */
export const SUPER_ADMIN = { email: SUPER_ADMIN_EMAIL, password: DEMO_PASSWORD };
