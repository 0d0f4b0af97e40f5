import { emptyGuestDetails } from '@/features/checkout/lib/guest-details';
import type { TicketBookingValues } from './schemas';

// What the ticketed form needs to render, without zod: the schema (./schemas) loads on the
// form's first submit (lazyZodResolver).

export type { TicketBookingValues };

export const emptyTicketBooking: TicketBookingValues = { ...emptyGuestDetails, ticketTypeId: '', guests: '' };

/** Fields whose absence is 'Missing Information'. */
export const REQUIRED_FIELDS = ['name', 'email', 'ticketTypeId', 'guests'] as const;
