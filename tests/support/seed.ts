import { DEMO_PASSWORD, SUPER_ADMIN_EMAIL } from '../../stack/config.ts';

/** Fixed ids from supabase/seed.sql. */
export const ORG = {
  eatathome: 'a0000000-0000-4000-8000-000000000001',
  magnolia: 'a0000000-0000-4000-8000-000000000002',
  gardenTable: 'a0000000-0000-4000-8000-000000000003',
} as const;

export const USER = {
  eatathomeOwner: 'b0000000-0000-4000-8000-000000000001',
  magnoliaOwner: 'b0000000-0000-4000-8000-000000000002',
  gardenTableOwner: 'b0000000-0000-4000-8000-000000000003',
  superAdmin: 'b0000000-0000-4000-8000-000000000009',
} as const;

/** Eat At Home's seeded dinners: 00 is in the past, 01..04 upcoming. */
export const eatathomeEvent = (n: number) => `c0000001-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
/** Magnolia's seeded suppers in date order; 02 is sold out. */
export const magnoliaEvent = (n: number) => `c0000002-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
/** The Garden Table's RSVP dinners: 01 has a full, a nearly full, an open and an inactive slot. */
export const gardenEvent = (n: number) => `c0000003-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** The seeded super admin's sign-in. */
export const SUPER_ADMIN = { email: SUPER_ADMIN_EMAIL, password: DEMO_PASSWORD };
