import type { SupperClubBookingInput, SupperClubFormValues } from './schemas';

// What the form needs to render, without zod: the schema (./schemas) loads on the form's first
// submit (lazyZodResolver).

export type { SupperClubBookingInput, SupperClubFormValues };

export const emptySupperClubForm: SupperClubFormValues = { tickets: '', name: '', email: '', phone: '', eventId: '', timeSlot: '', addons: [] };
