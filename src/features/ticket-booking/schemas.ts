import { z } from 'zod';
import { guestContactFields, guestNoteFields } from '@/features/checkout/schemas';

/**
 * The ticketed booking form. Field messages are inline; the submit handler adds the toasts
 * ('Missing Information', 'Not Enough Tickets Available', …: the shared checkout's messages).
 * Loaded on the form's first submit (./form-values holds what the form renders with).
 */
const schemaChoosing = (missing: string) =>
  z.object({
    ...guestContactFields,
    ticketTypeId: z.string().min(1, missing),
    guests: z.string().min(1, 'Please select the number of guests'),
    ...guestNoteFields,
  });

export const ticketBookingSchema = schemaChoosing('Please select a ticket type');

/** An event sold by seating: the seating is chosen in the same field. */
export const seatingBookingSchema = schemaChoosing('Please select a time slot');

export type TicketBookingValues = z.input<typeof ticketBookingSchema>;
