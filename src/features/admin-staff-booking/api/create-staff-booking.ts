import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import type { StaffBookingMode, StaffBookingResult } from '../types';

export interface StaffBookingInput {
  eventId: string;
  /** One of the two: the ticket type (reservation events) or the time slot (RSVP events). */
  ticketTypeId: string | null;
  rsvpSlotId: string | null;
  guests: number;
  name: string;
  email: string;
  phone: string;
  dietaryRestrictions: string;
  specialRequests: string;
  mode: StaffBookingMode;
  /** Cash received, in cents (mode 'cash' only). */
  cashCents: number | null;
  sendConfirmation: boolean;
  /** One random key per dialog opening: the same request twice (a double submit) books once. */
  requestKey: string;
}

type Args = Database['public']['Functions']['staff_create_booking']['Args'];

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * Enters a booking for a guest (SQL staff_create_booking: the guest checkout's booking path, so
 * capacity and prices are the server's). A refusal throws with the server's own words.
 */
export async function createStaffBooking(input: StaffBookingInput): Promise<StaffBookingResult> {
  // The generated types make every argument without a default a non-null string, but the function takes
  // exactly one of the two ids and null for the other (and null for empty optional fields).
  const args = {
    p_event_id: input.eventId,
    p_ticket_type_id: input.ticketTypeId,
    p_rsvp_slot_id: input.rsvpSlotId,
    p_guests: input.guests,
    p_name: input.name.trim(),
    p_email: input.email.trim(),
    p_phone: orNull(input.phone),
    p_dietary_restrictions: orNull(input.dietaryRestrictions),
    p_special_requests: orNull(input.specialRequests),
    p_mode: input.mode,
    p_cash_cents: input.mode === 'cash' ? input.cashCents : null,
    p_send_confirmation: input.sendConfirmation,
    p_request_key: input.requestKey,
  } as unknown as Args;
  const { data, error } = await supabase.rpc('staff_create_booking', args).single();
  if (error) throw new Error(error.message);
  return {
    reservationId: data.reservation_id,
    bookingCode: data.booking_code,
    status: data.status,
    amountCents: data.amount_cents,
    // Typed as text by the generator; null unless a payment link holds the seats.
    paymentPath: data.payment_path ?? null,
  };
}

/** A booking changes the events' counts, the reservations, the guests and the money: the whole org's admin data. */
export function useCreateStaffBooking(orgId: string, options: MutationCallbacks<StaffBookingResult, StaffBookingInput> = {}) {
  return useInvalidatingMutation(createStaffBooking, ['admin', orgId], options);
}
