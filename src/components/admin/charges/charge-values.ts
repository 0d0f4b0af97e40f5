import type { Tables } from '@/lib/database.types';
import { dollarsToCents } from '@/lib/money';

/** A row of org_charge_settings / event_charge_settings: the terms of taxes and service charges. */
export type ChargeTerms = Pick<
  Tables<'org_charge_settings'>,
  'tax_rate_bps' | 'service_charge_type' | 'service_charge_bps' | 'service_charge_cents' | 'service_charge_taxable' | 'price_display'
>;

/** What the fields hold, as typed: percents and dollars. */
export interface ChargeFormValues {
  taxPercent: string;
  serviceType: 'none' | 'percent' | 'per_guest';
  servicePercent: string;
  serviceDollars: string;
  serviceTaxable: boolean;
  priceDisplay: 'itemized' | 'all_in';
}

export const NO_CHARGES: ChargeTerms = {
  tax_rate_bps: 0,
  service_charge_type: 'none',
  service_charge_bps: 0,
  service_charge_cents: 0,
  service_charge_taxable: false,
  price_display: 'itemized',
};

/** 825 → "8.25"; 2000 → "20". */
export function bpsToPercent(bps: number): string {
  return String(bps / 100);
}

/** "8.25" → 825, "20" → 2000; null unless a percent with at most two decimals within 0..max. */
export function percentToBps(input: string, maxPercent: number): number | null {
  const trimmed = input.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps <= maxPercent * 100 ? bps : null;
}

export function toFormValues(terms: ChargeTerms): ChargeFormValues {
  return {
    taxPercent: bpsToPercent(terms.tax_rate_bps),
    serviceType: terms.service_charge_type as ChargeFormValues['serviceType'],
    servicePercent: bpsToPercent(terms.service_charge_bps),
    serviceDollars: (terms.service_charge_cents / 100).toFixed(2),
    serviceTaxable: terms.service_charge_taxable,
    priceDisplay: terms.price_display as ChargeFormValues['priceDisplay'],
  };
}

/** The terms the fields describe, or the first field's error. */
export function fromFormValues(
  values: ChargeFormValues,
): { ok: true; terms: ChargeTerms } | { ok: false; field: keyof ChargeFormValues; message: string } {
  const tax = percentToBps(values.taxPercent || '0', 50);
  if (tax === null) return { ok: false, field: 'taxPercent', message: 'Enter a tax rate from 0 to 50 %, at most two decimals' };
  const percent = values.serviceType === 'percent' ? percentToBps(values.servicePercent, 100) : 0;
  if (percent === null) return { ok: false, field: 'servicePercent', message: 'Enter a service charge from 0 to 100 %, at most two decimals' };
  const cents = values.serviceType === 'per_guest' ? dollarsToCents(values.serviceDollars) : 0;
  if (cents === null || cents > 100000) return { ok: false, field: 'serviceDollars', message: 'Enter an amount per guest from $0 to $1,000' };
  return {
    ok: true,
    terms: {
      tax_rate_bps: tax,
      service_charge_type: values.serviceType,
      service_charge_bps: percent,
      service_charge_cents: cents,
      service_charge_taxable: values.serviceType !== 'none' && values.serviceTaxable,
      price_display: values.priceDisplay,
    },
  };
}

/** What staff read under the money settings they may see but not change (only owners may: can_manage_payments). */
export const OWNERS_ONLY = "Only the organization's owners can change taxes and service charges.";
