import { z } from 'zod';
import { TICKET_MAX_GUESTS, TICKET_MIN_GUESTS } from '@/config/product';
import { guestContactFields, guestNoteFields } from '@/features/checkout/schemas';

/**
 * 'BOOK YOUR TABLE'. The handler's toasts are the shared checkout's messages ('Missing
 * Information', 'Minimum Guests Required', ...); the field messages here say what to fix next to
 * each field. Loaded on the form's first submit (./form-values holds what the form renders with).
 */
export const seriesBookingSchema = z.object({
  ...guestContactFields,
  eventId: z.string().min(1, 'Select a dinner'),
  ticketTypeId: z.string().min(1, 'Select a ticket type'),
  guests: z
    .string()
    .min(1, 'Select the number of guests')
    .transform((value) => (/^-?\d+$/.test(value) ? Number(value) : 0))
    .pipe(
      z
        .number()
        .min(TICKET_MIN_GUESTS, `At least ${TICKET_MIN_GUESTS} guest is required.`)
        .max(TICKET_MAX_GUESTS, `Parties larger than ${TICKET_MAX_GUESTS}: please email us.`),
    ),
  ...guestNoteFields,
  /** The add-ons chosen (ids): the server prices them, and refuses what it cannot sell. */
  addons: z.array(z.string()).optional(),
});

export type SeriesFormValues = z.input<typeof seriesBookingSchema>;
export type SeriesBookingInput = z.output<typeof seriesBookingSchema>;
