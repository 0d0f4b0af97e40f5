import type { z } from 'zod';
import type { availabilitySchema } from './api/get-availability';

/** One supper date with its remaining seats and seatings, as `magnolia-availability` answers it. */
export type SupperClubEvent = z.output<typeof availabilitySchema>['events'][number];

/** One seating of a supper: its label ('5:30pm') and the tickets still available in it. */
export type SupperClubSlot = SupperClubEvent['slots'][number];
