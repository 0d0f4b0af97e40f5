import { z } from 'zod';
import { emptyGuestDetails, guestContactFields, guestNoteFields } from '@/features/checkout/schemas';

/**
 * The ticketed booking form. Field messages are inline; the submit handler adds the toasts
 * ('Missing Information', 'Not Enough Tickets Available', …: the shared checkout's messages).
 */
export const ticketBookingSchema = z.object({
  ...guestContactFields,
  ticketTypeId: z.string().min(1, 'Please select a ticket type'),
  guests: z.string().min(1, 'Please select the number of guests'),
  ...guestNoteFields,
});

export type TicketBookingValues = z.input<typeof ticketBookingSchema>;

export const emptyTicketBooking: TicketBookingValues = { ...emptyGuestDetails, ticketTypeId: '', guests: '' };

/** Fields whose absence is 'Missing Information'. */
export const REQUIRED_FIELDS = ['name', 'email', 'ticketTypeId', 'guests'] as const;
