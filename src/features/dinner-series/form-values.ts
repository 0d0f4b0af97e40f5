import { emptyGuestDetails } from '@/features/checkout/lib/guest-details';
import type { SeriesBookingInput, SeriesFormValues } from './schemas';

// What the form needs to render, without zod: the schema (./schemas) loads on the form's first
// submit (lazyZodResolver).

export type { SeriesBookingInput, SeriesFormValues };

export const emptySeriesForm: SeriesFormValues = { ...emptyGuestDetails, eventId: '', ticketTypeId: '', guests: '', addons: [] };
