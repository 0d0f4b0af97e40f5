import type { ReactNode } from 'react';

/** One line of the order summary ("Event" → "Harvest Dinner"). */
export interface PaymentSummaryRow {
  label: string;
  value: ReactNode;
}

/**
 * The booking the ticket payment functions price on the server (`reservationData` of their
 * request). The browser's figures are informational: the server recomputes every amount.
 */
export interface TicketReservationData {
  eventId: string;
  name: string;
  email: string;
  phone?: string | null;
  /** Guests / tickets in the order. */
  num_guests: number;
  /** Ticket type chosen (ticketed org events, dinner series). */
  ticketTypeId?: string | null;
  /** Supper-club time slot ('5:30pm' | '8:00pm'). */
  timeSlot?: string | null;
  dietaryRestrictions?: string | null;
  specialRequests?: string | null;
  /** Price per guest in cents the browser showed (the server checks it, never trusts it). */
  ticket_price?: number;
  [extra: string]: unknown;
}

/** Charges through a ticket payment function (validation call for codes, then the paying call). */
export interface TicketCheckout {
  kind: 'ticket';
  /** Edge function name. Default 'process-square-payment'; the supper club passes its own. */
  paymentFunction?: string;
  reservationData: TicketReservationData;
  /** Show the special/promo code field. Default true. */
  allowPromo?: boolean;
}

/** A refusal or failure the caller's `pay` reports. */
export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(
    message: string | null,
    /** True when the server answered (the attempt is over; the next one gets a new key). */
    public readonly definitive: boolean,
  ) {
    super(message ?? '');
  }
}

/** Charges through the caller (e.g. the RSVP function, whose request has its own shape). */
export interface CustomCheckout {
  kind: 'custom';
  /**
   * Take the payment (`token` null for a free booking). Resolve with the reservation id, or throw
   * a CheckoutError carrying the server's message.
   */
  pay(request: { token: string | null; idempotencyKey: string }): Promise<{ reservationId: string | null }>;
  /** Toast title and fallback text for a refusal. Default 'Payment Failed' / 'Failed to process payment. Please try again.' */
  failureTitle?: string;
  failureFallback?: string;
}

export type PaymentCheckout = TicketCheckout | CustomCheckout;

export interface PaymentSuccess {
  reservationId: string | null;
  /** What the server charged (or 0 for a free booking), in cents. */
  amountCents: number;
  /** The applied code, upper-cased, or null. */
  promoCode: string | null;
  free: boolean;
}

/** What a card form gives the payment step. */
export type TokenizeResult = { status: 'OK'; token: string } | { status: 'ERROR'; message: string };

export interface CardFormHandle {
  /** False until the card field can tokenize (Square's SDK loaded and attached). */
  isReady(): boolean;
  tokenize(): Promise<TokenizeResult>;
}
