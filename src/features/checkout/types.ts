import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { PriceLines, Quote } from '@/lib/price-lines';
import type { ChargeCardVerificationDetails } from './lib/square-sdk';
import type { Payer } from './lib/verification';

export type { Quote };

/** One line of a summary ("Event" → "Harvest Dinner"): the payment step's and the confirmation's. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
}

/** A live quote as a form shows it. */
export type QuoteState =
  /** Nothing to quote yet (the selection is incomplete). */
  | { status: 'idle' }
  /** Waiting for the selection to settle, or for the server's answer. */
  | { status: 'loading' }
  | { status: 'ready'; quote: Quote }
  /** The server refused the selection (its message), or could not be reached. Forms stay silent: the submit reports it. */
  | { status: 'error'; message: string | null };

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
  /** The add-ons chosen (sent beside reservationData; the server prices them). */
  addons?: readonly AddonChoice[];
  [extra: string]: unknown;
}

/** What a ticket payment function prices: the selection part of `reservationData`. */
export interface TicketSelection {
  eventId: string;
  guests: number;
  ticketTypeId?: string | null;
  timeSlot?: string | null;
  addons?: readonly AddonChoice[];
}

/** An add-on chosen for a booking: no quantity is one per guest (a per-guest add-on) or once (per booking). */
export interface AddonChoice {
  id: string;
  quantity?: number;
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

/**
 * What identifies a confirmed booking to its guest: the booking code ('K7QM-3XPA') and the token of
 * the private manage link /booking/{token}. Optional: answers of older servers do not carry them.
 */
export interface BookingHandle {
  bookingCode?: string | null;
  manageToken?: string | null;
}

/** A refusal or failure reported by a checkout call (a quote, a payment, a free confirmation). */
export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(
    message: string | null,
    /** True when the server answered (the attempt is over; the next one gets a new key). */
    public readonly definitive: boolean,
    /** The answer's HTTP status (null when none came back): says whether a card was involved. */
    public readonly status: number | null = null,
    /** The refusal's machine code (`invalid_input`, `card_declined`, …), if any. */
    public readonly code: string | null = null,
  ) {
    super(message ?? '');
  }
}

/** Charges through the caller (e.g. the RSVP function, whose request has its own shape). */
export interface CustomCheckout {
  kind: 'custom';
  /** The event paid for: the card form uses its organization's Square location. */
  eventId?: string;
  /**
   * Take the payment (`token` null for a free booking). Resolve with the reservation id, or throw
   * a CheckoutError carrying the server's message.
   */
  pay(request: {
    token: string | null;
    idempotencyKey: string;
  }): Promise<{ reservationId: string | null; lines?: PriceLines | null } & BookingHandle>;
  /** The guest's name and email, for the card's verification (a ticket checkout has them in reservationData). */
  payer?: Payer;
  /** Toast title and fallback text for a refusal. Default 'Payment Failed' / 'Failed to process payment. Please try again.' */
  failureTitle?: string;
  failureFallback?: string;
}

export type PaymentCheckout = TicketCheckout | CustomCheckout;

export interface PaymentSuccess extends BookingHandle {
  reservationId: string | null;
  /** What the server charged (or 0 for a free booking), in cents. */
  amountCents: number;
  /** The lines of what was charged (absent from answers that carry none). */
  lines?: PriceLines | null;
  /** The applied code, upper-cased, or null. */
  promoCode: string | null;
  free: boolean;
}

/** What a card form gives the payment step. */
export type TokenizeResult = { status: 'OK'; token: string } | { status: 'ERROR'; message: string };

export interface CardFormHandle {
  /** False until the card field can tokenize (Square's SDK loaded and attached). */
  isReady(): boolean;
  /** Tokenizes the card with the charge's verification details (Square runs any buyer verification first). */
  tokenize(verification: ChargeCardVerificationDetails): Promise<TokenizeResult>;
}

/** The payment step's special code: not applied, being applied, applied (the server's new total), refused. */
export type PromoState =
  | { status: 'idle'; message?: string }
  | { status: 'applying' }
  | { status: 'applied'; finalAmountCents: number; lines: PriceLines }
  | { status: 'error'; message: string };

/** A toast's words. */
export interface ToastText {
  title: string;
  description: string;
}

/** How a flavour's payment step reads (everything but the amount, which is the server's quote). */
export interface PaymentStepContent {
  title?: string;
  description?: string;
  summary: readonly SummaryRow[];
  checkout: PaymentCheckout;
  configFunction?: string;
  backLabel?: string;
  /** Layout around the step (e.g. 'mx-auto max-w-xl' on a page of its own). */
  className?: string;
  /** The event's cancellation policy in the server's words ('Full refund until 48 hours before the dinner; 50% after that'). */
  refundPolicy?: string | null;
  /** A free order's confirm button and the line in place of the card form (default 'Confirm Reservation', 'No payment is needed for this reservation.'). */
  free?: { confirmLabel: string; note: string };
}

/**
 * The confirmation card of a flavour. 'panel' is the compact card of an organization page's
 * booking panel; 'page' the larger one of a page of its own (supper club, dinner series).
 */
export interface ConfirmationContent {
  variant: 'panel' | 'page';
  title: string;
  /** A larger line under the title ('page' variant): "Thank you, Ada!". */
  greeting?: string;
  /** The muted line under the title: where the confirmation was sent. */
  note: string;
  rows: readonly SummaryRow[];
  /** Test hook on the rows' list. */
  rowsTestId?: string;
  /** More actions above "make another" (the dinner series: details and invite links). */
  actions?: ReactNode;
  anotherLabel: string;
  /** Letter-spaced capitals (the dinner series' voice). */
  spaced?: boolean;
  /** The event's cancellation policy in the server's words. */
  refundPolicy?: string | null;
}

/** What the server confirmed: the reservation and what it charged (cents). */
export interface ConfirmedPayment extends BookingHandle {
  reservationId: string | null;
  amountCents: number;
  /** The lines of what was charged (absent from answers that carry none). */
  lines?: PriceLines | null;
}

/**
 * What makes one booking flavour (supper club, dinner series, organization-page tickets, RSVP)
 * of the shared checkout: its server quote, its payment step, its confirmation card and its words.
 * The form and its rules stay with the flavour; the steps (form → payment → confirmed) are
 * `useCheckout`'s.
 */
export interface CheckoutFlavour<TOrder> {
  /** The server's quote for an order (its validation call). Throws CheckoutError when refused. */
  quote(order: TOrder): Promise<Quote>;
  /** The toast when the quote is refused or fails: its title, and the text when the server gave none. */
  refusal: { title: string; fallback: string };
  payment(order: TOrder, quote: Quote): PaymentStepContent;
  /** The toast once a paid booking is confirmed (free ticket bookings are announced by the payment step). */
  paidToast?: ToastText;
  /**
   * The toast once a free booking is confirmed from the payment step, for a flavour that announces
   * those itself (a free ticket booking is announced by the payment step).
   */
  freeToast?: ToastText;
  confirmation(order: TOrder, paid: ConfirmedPayment): ConfirmationContent;
  /** After the server confirmed (refetch availability, clear the form's draft). */
  onConfirmed?(): void;
  /** "Make another reservation" (before the form shows again). */
  onAnother?(): void;
}

/** What a venue page's booking form is given by its booking hook: the form, whether checkout is busy, and the submit handler. */
export interface VenueBookingFormProps<TValues extends FieldValues, TInput extends FieldValues> {
  form: UseFormReturn<TValues, unknown, TInput>;
  busy: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => void;
}
