import type { ReservationMoney } from '@/lib/money';
import type { Tables } from '@/lib/database.types';

/** A row of admin_list_reservations: the reservation's columns and what it joins (event, slot, ticket type). */
export interface AdminReservation extends Pick<
  Tables<'reservations'>,
  | 'id'
  | 'org_id'
  | 'event_id'
  | 'name'
  | 'email'
  | 'phone'
  | 'num_guests'
  | 'time_slot'
  | 'dietary_restrictions'
  | 'special_requests'
  | 'rsvp_slot_id'
  | 'ticket_type_id'
  | 'amount_cents'
  | 'discount_cents'
  | 'service_charge_cents'
  | 'tax_cents'
  | 'created_at'
  | 'cancelled_at'
  | 'cancel_reason'
  | 'booking_code'
> {
  /** The list holds confirmed and cancelled reservations only. */
  status: 'confirmed' | 'cancelled';
  event_title: string;
  event_date: string;
  event_time: string;
  event_timezone: string;
  event_rsvp_mode: boolean;
  slot_label: string | null;
  slot_time: string | null;
  ticket_type_name: string | null;
  /** The refund policy frozen on the booking, in words ('Non-refundable', 'Full refund until 48 hours before …'). */
  refund_policy: string;
  /** What that policy refunds if the booking is cancelled now (0 once cancelled). */
  policy_refund_cents: number;
  money: ReservationMoney;
}

/** The money decision of a cancellation, as the cancel-reservation function takes it. */
export type CancelRefund = 'full' | 'none' | { amountCents: number };

/** Where a refund stands after a money action ('none': nothing was refunded). */
export type RefundStatus = 'completed' | 'pending' | 'none';

export interface CancelResult {
  /** Refunded or on its way on this reservation so far. */
  refundedCents: number;
  refundStatus: RefundStatus | 'failed';
  alreadyCancelled: boolean;
  /** The processor's refusal when the reservation was cancelled but its refund failed. */
  refundError: string | null;
  /** Why a pending refund is not sent yet (e.g. the Square account that took the charge is disconnected). */
  refundNote?: string;
}

export interface RefundResult {
  refundedCents: number;
  refundStatus: RefundStatus;
  /** Why a pending refund is not sent yet (e.g. the Square account that took the charge is disconnected). */
  refundNote?: string;
}

export interface ReservationsPage {
  total: number;
  rows: AdminReservation[];
}

export const RESERVATIONS_PAGE_SIZE = 25;

/** What every reservation dialog of the organization's admin is given. */
export interface ReservationDialogProps {
  orgId: string;
  reservation: AdminReservation;
  onClose(): void;
}
