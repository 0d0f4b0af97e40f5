import { z } from 'zod';
import { guestContactFields, guestNoteFields } from '@/features/checkout/schemas';

/**
 * The ticketed booking form. Field messages are inline; the submit handler adds the toasts
 * ('Missing Information', 'Not Enough Tickets Available', …: the shared checkout's messages).
 * Loaded on the form's first submit (./form-values holds what the form renders with).
 */
export const ticketBookingSchema = z.object({
  ...guestContactFields,
  ticketTypeId: z.string().min(1, 'Please select a ticket type'),
  guests: z.string().min(1, 'Please select the number of guests'),
  ...guestNoteFields,
});

export type TicketBookingValues = z.input<typeof ticketBookingSchema>;
