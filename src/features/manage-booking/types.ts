import type { ExtraOffer } from '@/features/checkout/components/extras-form';
import type { ReservationMoney } from '@/lib/money';

/** What the guest's private page /booking/{token} shows: the manage-booking function's `booking` (SQL manage_booking_view). */
export interface ManagedBooking {
  booking_code: string;
  status: 'confirmed' | 'cancelled';
  name: string;
  guests: number;
  ticket_type_name: string | null;
  time_slot: string | null;
  dietary_restrictions: string | null;
  special_requests: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  event: {
    title: string;
    /** Calendar date 'YYYY-MM-DD'. */
    date: string;
    /** 'HH:MM' in the event's timezone (the slot's time for an RSVP). */
    time: string;
    timezone: string;
    location_name: string | null;
    location_address: string | null;
  };
  organization: { name: string; slug: string; primary_color: string | null; logo_url: string | null };
  /** Integer cents from the payment ledger. */
  money: ReservationMoney;
  subtotal_cents: number;
  discount_cents: number;
  /** The service charge and tax in total_cents, and how the price is shown (taxes and service charges). */
  service_charge_cents: number;
  tax_cents: number;
  price_display: 'itemized' | 'all_in';
  total_cents: number;
  /** The policy frozen on the booking, in the server's words. */
  refund_policy: string;
  /** ISO instant the dinner starts. */
  starts_at: string;
  /** ISO instant the full-refund window closes; null without one. */
  full_refund_until: string | null;
  /** What cancelling right now would refund, in cents. */
  refund_now_cents: number;
  can_cancel: boolean;
  /** What each smaller party would get back now (largest first), and the extras it would drop in words (null: none); empty when nothing can change. */
  fewer_guests: { guests: number; refund_cents: number; extras_dropped: string | null }[];
  /** What each larger party would cost now (smallest first), as many as the seats left allow; empty when none can be added online. */
  more_guests: { guests: number; charge_cents: number }[];
  /** A payment for added guests is still being settled: nothing can change until it is. */
  payment_in_progress: boolean;
  /** The booking's extras (add-ons), those it could still take now, and until when (the kitchen is told). */
  addons: { id: string; name: string; quantity: number; total_cents: number }[];
  addon_offers: ExtraOffer[];
  addons_until: string | null;
  /** Each guest pays their own seat: what a seat costs, until when unpaid seats are held, and whether the cutoff has passed; null otherwise. */
  split: { seat_cents: number; pay_by: string; released: boolean } | null;
  /** The series' other dates the booking could move to (soonest first), with their seats left; empty when none. */
  other_dates: OtherDate[];
}

/** Another date of the booking's series at the same price: `enough_seats` false when it cannot take the whole party. */
export interface OtherDate {
  event_id: string;
  title: string;
  /** Calendar date 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM' in the event's timezone. */
  time: string;
  timezone: string;
  seats_left: number;
  enough_seats: boolean;
}

export type RefundStatus = 'completed' | 'pending' | 'none' | 'failed';

/** The answer to "fewer guests": the booking after it and this change's refund. */
export interface ReduceOutcome {
  booking: ManagedBooking;
  refundedCents: number;
  refundStatus: RefundStatus;
}

/** The answer to "more guests": the booking after it, how many were added and what they cost. */
export interface AddOutcome {
  booking: ManagedBooking;
  added: number;
  chargedCents: number;
}

/** The answer to moving to another date: the booking after it. */
export interface MoveOutcome {
  booking: ManagedBooking;
}

/** The answer to handing the booking over: who has it now (this link no longer opens it). */
export interface HandOverOutcome {
  handedOverTo: { name: string; email: string };
}

/** The answer to a cancellation: the booking after it and what the refund did. */
export interface CancelOutcome {
  booking: ManagedBooking;
  refundedCents: number;
  refundStatus: RefundStatus;
}
