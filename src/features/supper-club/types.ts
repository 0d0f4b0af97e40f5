import type { z } from 'zod';
import type { availabilitySchema } from './api/get-availability';

/** One supper date with its remaining seats and seatings, as `magnolia-availability` answers it. */
export type SupperClubEvent = z.output<typeof availabilitySchema>['events'][number];
