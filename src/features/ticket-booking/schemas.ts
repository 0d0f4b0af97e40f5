import { z } from 'zod';
import { MAX_NOTE_LENGTH } from '@/config/product';

/**
 * The ticketed booking form. Field messages are inline; the submit handler adds the toasts
 * ('Missing Information', 'Not Enough Tickets Available', …: the shared checkout's messages).
 */
export const ticketBookingSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  phone: z.string().trim(),
  ticketTypeId: z.string().min(1, 'Please select a ticket type'),
  guests: z.string().min(1, 'Please select the number of guests'),
  dietaryRestrictions: z.string().trim().max(MAX_NOTE_LENGTH),
  specialRequests: z.string().trim().max(MAX_NOTE_LENGTH),
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

/** Fields whose absence is 'Missing Information'. */
export const REQUIRED_FIELDS = ['name', 'email', 'ticketTypeId', 'guests'] as const;
