import { z } from 'zod';

/** Guests selectable per order (SPEC 9; larger parties contact the host). */
export const MAX_GUESTS_PER_ORDER = 6;

/**
 * The ticketed booking form. Field messages are inline; the submit handler adds SPEC 5's
 * toasts ('Missing Information', 'Not Enough Tickets Available', …).
 */
export const ticketBookingSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z.string().trim(),
  ticketTypeId: z.string().min(1, 'Please select a ticket type'),
  guests: z.string().min(1, 'Please select the number of guests'),
  dietaryRestrictions: z.string().trim().max(2000),
  specialRequests: z.string().trim().max(2000),
});

export type TicketBookingValues = z.input<typeof ticketBookingSchema>;

export const emptyTicketBooking: TicketBookingValues = {
  name: '',
  email: '',
  phone: '',
  ticketTypeId: '',
  guests: '',
  dietaryRestrictions: '',
  specialRequests: '',
};

/** Fields whose absence is SPEC 5's 'Missing Information'. */
export const REQUIRED_FIELDS = ['name', 'email', 'ticketTypeId', 'guests'] as const;
