/**
 * The verification details of a charge, as the card field passes them to Square's
 * `card.tokenize()`: the amount is the server's quote (never a browser-computed price), the
 * billing contact the guest's name and email from the booking form.
 */
import type { ChargeCardVerificationDetails, SquareBillingContact } from './square-sdk';

/** Who pays, as the booking form has it. */
export interface Payer {
  name?: string | null;
  email?: string | null;
}

/** Cents as the SDK's decimal string in major units: 4200 → '42.00'. */
export function decimalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** 'Ada King Lovelace' → given 'Ada King', family 'Lovelace'; a single name is the given name only. */
function billingContact(payer: Payer): SquareBillingContact {
  const contact: SquareBillingContact = {};
  const words = (payer.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    contact.givenName = words.slice(0, -1).join(' ');
    contact.familyName = words[words.length - 1];
  } else if (words.length === 1) {
    contact.givenName = words[0];
  }
  const email = payer.email?.trim();
  if (email) contact.email = email;
  return contact;
}

export function chargeVerificationDetails(amountCents: number, payer: Payer): ChargeCardVerificationDetails {
  return {
    amount: decimalAmount(amountCents),
    currencyCode: 'USD',
    intent: 'CHARGE',
    billingContact: billingContact(payer),
    customerInitiated: true,
    sellerKeyedIn: false,
  };
}
