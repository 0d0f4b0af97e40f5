import type { FormPartProps } from '@/components/forms/form-part';
import { BookingCutoffField } from './booking-cutoff-field';
import { RefundPolicyFields } from './refund-policy-fields';
import { UnlistedField } from './unlisted-field';

/** The fields both event dialogs' forms hold (their values extend it): how the dinner is booked. */
export interface BookingRules {
  bookingCutoffHours: string;
  unlisted: boolean;
  refundWindowHours: string;
  lateRefundPercent: string;
}

interface Props extends FormPartProps<BookingRules> {
  /** The policy's fields as typed now (its preview sentence). */
  refundWindowHours: string;
  lateRefundPercent: string;
  /** The event's saved cutoff, when editing one. */
  savedCutoff?: number | null;
}

/** When online booking closes, whether the dinner is unlisted, and its cancellation policy: the create and edit dialogs alike. */
export function BookingRulesFields({ register, errors, refundWindowHours, lateRefundPercent, savedCutoff = null }: Props) {
  return (
    <>
      <BookingCutoffField field={register('bookingCutoffHours')} error={errors.bookingCutoffHours?.message} saved={savedCutoff} />
      <UnlistedField field={register('unlisted')} />
      <RefundPolicyFields
        windowField={register('refundWindowHours')}
        percentField={register('lateRefundPercent')}
        windowValue={refundWindowHours}
        percentValue={lateRefundPercent}
        windowError={errors.refundWindowHours?.message}
        percentError={errors.lateRefundPercent?.message}
      />
    </>
  );
}
